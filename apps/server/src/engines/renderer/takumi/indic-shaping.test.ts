// Hindi, Tamil and Telugu need shaping (conjuncts, vowel signs drawn before their consonant,
// two-part vowels). This draws the same text with the same font in headless Chromium and with
// Takumi, and compares the images; a control with shaping broken on purpose must differ.
import { readFileSync } from 'node:fs';
import { Renderer } from '@takumi-rs/core';
import { type Browser, chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FontLibrary } from '../fonts/font-library.ts';
import { codepointsOf } from '../fonts/unicode-range.ts';
import { diffPngs } from '../test/png-diff.ts';

const SAMPLES = {
  hi: { family: 'Noto Sans Devanagari', text: 'क्षेत्र में श्रमिकों की संख्या बढ़ी' },
  ta: { family: 'Noto Sans Tamil', text: 'தமிழ் மொழி கொண்டாட்டம் கோவில்' },
  te: { family: 'Noto Sans Telugu', text: 'తెలుగు భాష క్షేత్రం శ్రీ కృష్ణ' },
} as const;

const W = 1000;
const H = 120;
const SIZE = 52;
/** Share of the text's pixels that may differ between the two engines (rasteriser differences). */
const TOLERANCE = 0.12;

const library = new FontLibrary();
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--font-render-hinting=none',
    ],
  });
});
afterAll(() => browser?.close());

function fontFile(family: string, text: string): string {
  const plan = library.plan(codepointsOf([text]), [family], []);
  const face = plan.faces.find((f) => f.weight === 400 && f.style === 'normal' && f.subset !== 'latin');
  if (!face) throw new Error(`No face of ${family} for the sample`);
  return face.file;
}

async function chromiumImage(file: string, text: string, lang: string): Promise<PNG> {
  const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
  const font = readFileSync(file).toString('base64');
  await page.setContent(`<!doctype html><html lang="${lang}"><style>
    @font-face { font-family: 'Sample'; src: url(data:font/woff2;base64,${font}) format('woff2'); }
    html, body { margin: 0; background: #fff; }
    div { font-family: 'Sample'; font-size: ${SIZE}px; line-height: ${H}px; color: #000; padding-left: 20px; white-space: nowrap; }
  </style><div>${text}</div></html>`);
  await page.evaluate('document.fonts.ready');
  const png = PNG.sync.read(await page.screenshot({ clip: { x: 0, y: 0, width: W, height: H } }));
  await page.close();
  return png;
}

/** Takumi's drawing of the text; `unshaped` sets each character on its own, as with no shaping. */
async function takumiImage(file: string, text: string, lang: string, unshaped = false): Promise<PNG> {
  const renderer = new Renderer();
  await renderer.registerFont({ name: 'Sample', data: readFileSync(file), weight: 400 });
  const style = {
    fontFamily: 'Sample',
    fontSize: SIZE,
    lineHeight: `${H}px`,
    color: '#000',
    whiteSpace: 'nowrap',
  } as const;
  const pieces = unshaped ? [...text] : [text];
  const png = await renderer.render(
    {
      type: 'container',
      style: { display: 'flex', width: W, height: H, backgroundColor: '#fff', paddingLeft: 20 },
      children: pieces.map((piece) => ({ type: 'text' as const, text: piece, style })),
    },
    { width: W, height: H, format: 'png', lang },
  );
  return PNG.sync.read(png);
}

/** The bounding box of dark pixels. */
function inkBox(png: PNG) {
  let x0 = png.width;
  let y0 = png.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if ((png.data[(y * png.width + x) * 4] ?? 255) < 160) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return { x0, y0, x1, y1 };
}

/** Both images cut to their ink and laid at the same origin, then compared; share of ink pixels that differ. */
function compareInk(a: PNG, b: PNG): { ratio: number; widths: [number, number] } {
  const ba = inkBox(a);
  const bb = inkBox(b);
  const w = Math.max(ba.x1 - ba.x0, bb.x1 - bb.x0) + 4;
  const h = Math.max(ba.y1 - ba.y0, bb.y1 - bb.y0) + 4;
  const crop = (src: PNG, box: { x0: number; y0: number }) => {
    const out = new PNG({ width: w, height: h });
    out.data.fill(255);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const sx = box.x0 - 2 + x;
        const sy = box.y0 - 2 + y;
        if (sx < 0 || sy < 0 || sx >= src.width || sy >= src.height) continue;
        const from = (sy * src.width + sx) * 4;
        src.data.copy(out.data, (y * w + x) * 4, from, from + 4);
      }
    }
    return out;
  };
  const ca = crop(a, ba);
  const cb = crop(b, bb);
  let ink = 0;
  for (let i = 0; i < ca.data.length; i += 4)
    if ((ca.data[i] ?? 255) < 160 || (cb.data[i] ?? 255) < 160) ink++;
  const { mismatched } = diffPngs(ca, cb, 0.3);
  return { ratio: mismatched / Math.max(1, ink), widths: [ba.x1 - ba.x0, bb.x1 - bb.x0] };
}

describe('Indic shaping matches Chromium', () => {
  for (const [lang, sample] of Object.entries(SAMPLES)) {
    it(`${lang}: ${sample.text}`, async () => {
      const file = fontFile(sample.family, sample.text);
      const reference = await chromiumImage(file, sample.text, lang);
      const ours = await takumiImage(file, sample.text, lang);
      const same = compareInk(reference, ours);
      const broken = await takumiImage(file, sample.text, lang, true);
      const control = compareInk(reference, broken);
      expect(
        same.ratio,
        `${lang}: ${(same.ratio * 100).toFixed(1)} % of the text differs from Chromium`,
      ).toBeLessThan(TOLERANCE);

      // Shaping broken on purpose (every character drawn on its own: no conjuncts, no vowel
      // reordering): the comparison must notice.
      expect(control.ratio, `${lang}: unshaped text passed for shaped`).toBeGreaterThan(TOLERANCE * 1.5);
    });
  }
});
