// A brand kit over any style: its colours, heading font, footer line and logo are what is drawn,
// readable on dark canvases too, and the layout keeps room for the logo.
import { LAYOUT_STYLE_KEYS } from '@voxpress/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderBrand, RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { REALISTIC } from '../test/realistic-data.ts';
import { contrastRatio } from './contrast.ts';

const draw = new TakumiDraw();
let brand: RenderBrand;

beforeAll(async () => {
  // A real logo: a square mark in the brand's colour, rasterised the way uploads are.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="80" height="80" rx="16" fill="#14532d"/></svg>';
  const { data, info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
  brand = {
    primary: '#14532d',
    secondary: '#0369a1',
    headingFont: 'Playfair Display',
    footer: 'acme.example',
    logo: { url: `data:image/png;base64,${data.toString('base64')}`, width: info.width, height: info.height },
  };
});

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

describe('a brand kit', () => {
  it('is applied to every style: colours, heading font, footer and logo, each readable', async () => {
    for (const style of LAYOUT_STYLE_KEYS) {
      const c = await draw.composition(request({ style, brand }));
      expect(c.theme.displayFont, style).toBe('Playfair Display');
      expect(c.footer?.text, style).toBe('acme.example');
      expect(c.logo, style).not.toBeNull();
      const ground = /#[0-9a-f]{6}/i.exec(c.theme.card ?? c.theme.background)?.[0] ?? '#ffffff';
      // The brand's hue, lightened only where the canvas is dark.
      expect(contrastRatio(c.theme.primary, ground), style).toBeGreaterThanOrEqual(3);
      if (c.theme.card === '#ffffff') expect(c.theme.primary, style).toBe('#14532d');
      const plain = await draw.composition(request({ style }));
      expect(plain.theme.primary, style).not.toBe(c.theme.primary);
      expect(plain.logo).toBeNull();
    }
  });

  it('draws the logo and the footer, and the same content looks different from the plain style', async () => {
    const branded = await draw.draw(request({ brand }));
    const plain = await draw.draw(request({}));
    expect(Buffer.compare(Buffer.from(branded.png), Buffer.from(plain.png))).not.toBe(0);
    const { data, info } = await sharp(Buffer.from(branded.png)).raw().toBuffer({ resolveWithObject: true });
    // The logo's green mark sits at the top end corner of the canvas.
    let green = 0;
    for (let y = 60; y < 160; y++)
      for (let x = info.width - 300; x < info.width - 60; x++) {
        const i = (y * info.width + x) * info.channels;
        if (Math.abs((data[i] ?? 0) - 0x14) < 12 && Math.abs((data[i + 1] ?? 0) - 0x53) < 12) green++;
      }
    expect(green).toBeGreaterThan(1000);
    const all: string[] = [];
    const walk = (n: Awaited<ReturnType<typeof draw.layout>>) => {
      for (const r of n.runs) all.push(r.text);
      n.children.forEach(walk);
    };
    walk(await draw.layout(request({ brand })));
    expect(all.join(' ')).toContain('acme.example');
  });
});
