// The QR code to an item's share page: drawn as vector modules in the bottom end corner, readable
// by a QR decoder from the rendered PNG, pointing at the share URL, and never without one.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { diffPngs, readPng } from '../test/png-diff.ts';
import { REALISTIC } from '../test/realistic-data.ts';
import { qrCaption } from './share-qr.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const GOLDEN = path.join(here, '..', 'test', 'golden', 'share-qr.png');
const DIFF_DIR = path.resolve(here, '../../../../.golden-diff');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const draw = new TakumiDraw();

// The shape of a real link: PUBLIC_URL, then /s/ and a 43-character token.
const URL_ = 'https://voxpress.example.org/s/Qk3vR8xZp1LmN0aB7cD2eF9gH4iJ5kL6mN7oP8qR9sT';

const request = (over: Partial<RenderRequest>): RenderRequest => ({
  style: 'modern',
  contentType: 'meeting_notes',
  width: 1080,
  height: 1080,
  data: REALISTIC.meeting,
  audience: 'general',
  culturalContext: 'international',
  ...over,
});

/** Decodes the one QR code in a PNG from its raw RGBA pixels, or null when none is readable. */
async function readQr(png: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(png))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ??
    null
  );
}

describe('the QR code to the share page', () => {
  it('scans as the share URL in every style, square and wide, left to right and right to left', async () => {
    const cases: Partial<RenderRequest>[] = [
      { style: 'modern' },
      { style: 'classic', width: 1920, height: 1080 },
      { style: 'minimal', width: 1080, height: 1920, diagram: 'timeline' },
      { style: 'vibrant', width: 1200, height: 628 },
      { style: 'elegant', data: { ...REALISTIC.meeting, language: 'ar' } },
    ];
    for (const c of cases) {
      const out = await draw.draw(request({ ...c, shareUrl: URL_ }));
      expect(await readQr(out.png), JSON.stringify(c)).toBe(URL_);
    }
  });

  it('keeps its corner free and is captioned with the host; none without a link', async () => {
    const c = await draw.composition(request({ shareUrl: URL_, width: 1920, height: 1080 }));
    expect(c.qr?.caption.text).toBe('voxpress.example.org');
    const qr = c.qr;
    if (!qr) throw new Error('no QR code');
    // Every column ends above the QR code's block.
    const qrTop = c.metrics.height - c.metrics.padY - qr.height;
    for (const col of c.columns) expect(col.top + col.height).toBeLessThanOrEqual(qrTop);
    expect(qr.size % qr.cell).toBe(0);
    const plain = await draw.draw(request({}));
    expect((await draw.composition(request({}))).qr).toBeNull();
    expect(await readQr(plain.png)).toBeNull();
  });

  it('captions a www host without its www.', () => {
    expect(qrCaption('https://www.example.com/s/x')).toBe('example.com');
  });

  it('matches its reference image', async () => {
    const out = await draw.draw(request({ shareUrl: URL_ }));
    if (UPDATE || !existsSync(GOLDEN)) {
      writeFileSync(GOLDEN, out.png);
      return;
    }
    const d = diffPngs(readPng(out.png), readPng(readFileSync(GOLDEN)));
    if (d.ratio > 0.004) {
      mkdirSync(DIFF_DIR, { recursive: true });
      writeFileSync(path.join(DIFF_DIR, 'share-qr.actual.png'), out.png);
      writeFileSync(path.join(DIFF_DIR, 'share-qr.diff.png'), d.diff);
    }
    expect(d.ratio).toBeLessThanOrEqual(0.004);
  });
});
