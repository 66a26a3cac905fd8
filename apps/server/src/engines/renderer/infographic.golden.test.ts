// A reference image per layout style catches layout regressions. After a deliberate change, look
// at the new images and update them: `npm run golden:update -w @voxpress/server`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LayoutStyleKey } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from './renderer.ts';
import { TakumiDraw } from './takumi/takumi-draw.tsx';
import { diffPngs, readPng } from './test/png-diff.ts';
import { COMPARISON, REALISTIC } from './test/realistic-data.ts';
import { SAMPLE_DATA } from './test/sample-data.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const GOLDEN_DIR = path.join(here, 'test', 'golden');
/** Where the actual image and the diff go when a comparison fails (ignored by git). */
const DIFF_DIR = path.resolve(here, '../../../.golden-diff');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
/** Share of pixels that may differ (anti-aliasing aside) before a layout counts as changed. */
const TOLERANCE = 0.004;

/** Each style with a different content type, audience and cultural context, so all get drawn. */
const CASES: Record<LayoutStyleKey, Omit<RenderRequest, 'style' | 'width' | 'height' | 'data'>> = {
  modern: { contentType: 'recipe', audience: 'busy_parents', culturalContext: 'international' },
  classic: { contentType: 'tutorial', audience: 'beginner', culturalContext: 'mediterranean' },
  minimal: { contentType: 'meeting_notes', audience: 'general', culturalContext: 'asian' },
  vibrant: { contentType: 'product_description', audience: 'general', culturalContext: 'mexican' },
  elegant: { contentType: 'enhanced', audience: 'health_enthusiasts', culturalContext: 'indian' },
};

/** Each structure a variation can be drawn with, on the content that calls for it. */
const DIAGRAM_CASES: (Omit<RenderRequest, 'width' | 'height'> & { name: string })[] = [
  {
    name: 'flow',
    style: 'modern',
    contentType: 'tutorial',
    diagram: 'flow',
    audience: 'general',
    culturalContext: 'international',
    data: SAMPLE_DATA.tutorial,
  },
  {
    name: 'timeline',
    style: 'minimal',
    contentType: 'meeting_notes',
    diagram: 'timeline',
    audience: 'general',
    culturalContext: 'international',
    data: REALISTIC.meeting,
  },
  {
    name: 'figures',
    style: 'vibrant',
    contentType: 'product_description',
    diagram: 'figures',
    audience: 'general',
    culturalContext: 'international',
    data: SAMPLE_DATA.product_description,
  },
  {
    name: 'quote',
    style: 'elegant',
    contentType: 'enhanced',
    diagram: 'quote',
    audience: 'general',
    culturalContext: 'international',
    data: REALISTIC.speech,
  },
  {
    name: 'comparison',
    style: 'vibrant',
    contentType: 'enhanced',
    diagram: 'comparison',
    audience: 'general',
    culturalContext: 'international',
    data: COMPARISON,
  },
];

const draw = new TakumiDraw();

describe('golden images', () => {
  for (const [style, c] of Object.entries(CASES) as [LayoutStyleKey, (typeof CASES)[LayoutStyleKey]][]) {
    it(`${style} looks as it did`, async () => {
      const request: RenderRequest = {
        ...c,
        style,
        width: 540,
        height: 540,
        data: SAMPLE_DATA[c.contentType],
      };
      await compare(style, request);
    });
  }
  for (const { name, ...c } of DIAGRAM_CASES) {
    it(`the ${name} structure looks as it did`, async () => {
      await compare(`diagram-${name}`, { ...c, width: 540, height: 540 });
    });
  }
});

async function compare(name: string, request: RenderRequest): Promise<void> {
  const style = name;
  const { png } = await draw.draw(request);
  const file = path.join(GOLDEN_DIR, `${style}.png`);
  if (UPDATE) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, png);
    return;
  }
  expect(existsSync(file), `No reference for ${style}: run npm run golden:update -w @voxpress/server`).toBe(
    true,
  );
  const result = diffPngs(readPng(readFileSync(file)), readPng(png));
  if (result.ratio > TOLERANCE) {
    mkdirSync(DIFF_DIR, { recursive: true });
    writeFileSync(path.join(DIFF_DIR, `${style}.actual.png`), png);
    writeFileSync(path.join(DIFF_DIR, `${style}.diff.png`), result.diff);
  }
  expect(
    result.ratio,
    `${style}: ${(result.ratio * 100).toFixed(2)} % of pixels changed; see ${DIFF_DIR}. If the change is meant, look at the images and run npm run golden:update -w @voxpress/server`,
  ).toBeLessThanOrEqual(TOLERANCE);
}
