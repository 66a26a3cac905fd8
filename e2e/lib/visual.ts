// Visual regression: a page's screenshot against a committed reference, pixel by pixel with a
// perceptual colour distance (pixelmatch), ignoring anti-aliasing. After a deliberate change, look
// at the new screenshots under e2e/.artifacts/visual/ and run `npm run visual:update`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { ARTIFACTS_DIR } from './browser.ts';

export const REFERENCES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'visual-references',
);
const ACTUAL_DIR = path.join(ARTIFACTS_DIR, 'visual');
const UPDATE = process.env.UPDATE_VISUAL === '1';
/** Share of pixels that may differ before a page counts as changed. */
const TOLERANCE = 0.005;

/** What differs between a page and its reference, or null when it looks as it did. */
export async function visualChange(page: Page, name: string, mask: Locator[] = []): Promise<string | null> {
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide', mask, maskColor: '#ff00ff' });
  mkdirSync(ACTUAL_DIR, { recursive: true });
  writeFileSync(path.join(ACTUAL_DIR, `${name}.png`), png);
  const referenceFile = path.join(REFERENCES_DIR, `${name}.png`);
  if (UPDATE) {
    mkdirSync(REFERENCES_DIR, { recursive: true });
    writeFileSync(referenceFile, png);
    return null;
  }
  if (!existsSync(referenceFile)) return `${name}: no reference yet (npm run visual:update)`;
  const reference = PNG.sync.read(readFileSync(referenceFile));
  const actual = PNG.sync.read(png);
  if (reference.width !== actual.width || reference.height !== actual.height)
    return `${name}: ${actual.width}×${actual.height} instead of ${reference.width}×${reference.height}`;
  const diff = new PNG({ width: actual.width, height: actual.height });
  const changed = pixelmatch(reference.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: 0.1,
    includeAA: false,
  });
  const ratio = changed / (actual.width * actual.height);
  if (ratio <= TOLERANCE) return null;
  writeFileSync(path.join(ACTUAL_DIR, `${name}.diff.png`), PNG.sync.write(diff));
  return `${name}: ${(ratio * 100).toFixed(2)} % of pixels changed (see e2e/.artifacts/visual/${name}.diff.png)`;
}
