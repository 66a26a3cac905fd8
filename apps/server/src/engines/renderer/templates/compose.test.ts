import { EXTRA_SIZES, INFOGRAPHIC_CONTENT_TYPES, LAYOUT_STYLE_KEYS, SIZE_PRESETS } from '@voxpress/contracts';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { overlongData } from '../test/long-data.ts';
import { LANGUAGE_SAMPLES } from '../test/sample-data.ts';
import type { FittedText } from '../text/fit-text.ts';
import type { Block, Composition } from './compose.ts';

const draw = new TakumiDraw();
const SIZES = [...SIZE_PRESETS, ...EXTRA_SIZES];

const request = (over: Partial<RenderRequest>): RenderRequest => ({
  style: 'modern',
  contentType: 'enhanced',
  width: 1080,
  height: 1080,
  data: overlongData(),
  audience: 'general',
  culturalContext: 'international',
  ...over,
});

function texts(c: Composition): FittedText[] {
  const out: FittedText[] = [];
  const block = (b: Block) => {
    switch (b.kind) {
      case 'facts':
        for (const f of b.facts) out.push(f.value, ...(f.label ? [f.label] : []));
        break;
      case 'quote':
        out.push(b.text, ...(b.caption ? [b.caption] : []));
        break;
      case 'tags':
        out.push(b.text);
        break;
      case 'split':
        block(b.left);
        block(b.right);
        break;
      case 'compare':
        out.push(...b.labels, ...b.rows.flatMap((r) => [r.left, r.right].filter((t) => t !== null)));
        break;
      default:
        out.push(b.label, ...b.items.flatMap((i) => [i.text, ...(i.owner ? [i.owner] : [])]));
    }
  };
  for (const col of c.columns) {
    if (col.header)
      out.push(col.header.eyebrow, col.header.title, ...(col.header.subtitle ? [col.header.subtitle] : []));
    col.blocks.forEach(block);
  }
  if (c.footer) out.push(c.footer);
  return out;
}

/** Sections stacked in a column never need more than its height. */
function columnOverflow(c: Composition): number {
  const u = c.metrics.u;
  return Math.max(
    ...c.columns.map((col) => {
      const headerGap = col.header ? Math.round((c.metrics.format === 'portrait' ? 56 : 40) * u) : 0;
      const gaps = Math.max(0, col.blocks.length - 1) * c.metrics.gap;
      return (
        (col.header?.height ?? 0) +
        headerGap +
        col.blocks.reduce((a, b) => a + b.height, 0) +
        gaps -
        col.height
      );
    }),
  );
}

describe('fitting long content', () => {
  it('keeps every section inside its column for every style and content type', async () => {
    const shapes = SIZES.filter((s) => ['1080x1080', '1080x1920', '1200x630', '420x640'].includes(s.value));
    for (const style of LAYOUT_STYLE_KEYS) {
      for (const contentType of INFOGRAPHIC_CONTENT_TYPES) {
        for (const size of shapes) {
          const c = await draw.composition(
            request({ style, contentType, width: size.width, height: size.height }),
          );
          expect(columnOverflow(c), `${style}/${contentType}/${size.value}`).toBeLessThanOrEqual(0);
        }
      }
    }
  }, 240_000);

  it('draws each text in exactly the lines it was measured in, ending a shortened one at a word', async () => {
    for (const size of SIZES) {
      const req = request({ contentType: 'recipe', width: size.width, height: size.height });
      const { measurer } = await draw.prepare(req);
      const c = await draw.composition(req);
      const all = texts(c).filter((t) => t.text);
      const again = await measurer.measure(
        all.map((t) => ({
          text: t.text,
          width: t.width,
          fontSize: t.fontSize,
          lineHeightPx: t.lineHeightPx,
          style: t.style,
        })),
        'en',
      );
      all.forEach((t, i) => {
        expect(again[i]?.lines, `${size.value}: ${t.text}`).toBe(t.lines);
        expect(again[i]?.width ?? 0, `${size.value}: ${t.text} is wider than its box`).toBeLessThanOrEqual(
          t.width + 1,
        );
        expect(t.height).toBe(t.lines * t.lineHeightPx);
      });
      const title = c.columns[0]?.header?.title as FittedText;
      expect(title.truncated).toBe(true);
      expect(title.text.endsWith('…')).toBe(true);
      const kept = title.text.slice(0, -1);
      expect(req.data.title.startsWith(kept)).toBe(true);
      expect(req.data.title.charAt(kept.length)).toMatch(/[\s,.]/);
    }
  });

  it('shortens Chinese, Hindi, Tamil and Telugu titles at a word and never inside a cluster', async () => {
    for (const language of ['zh', 'ja', 'hi', 'ta', 'te']) {
      const sample = LANGUAGE_SAMPLES[language] as { title: string; points: string[] };
      const body = Array.from({ length: 8 }, () => `${sample.title} ${sample.points.join(' ')}`).join(' ');
      const req = request({ data: { ...overlongData(language, body), title: body } });
      const c = await draw.composition(req);
      const title = c.columns[0]?.header?.title as FittedText;
      expect(title.text.endsWith('…'), language).toBe(true);
      // Chinese and Japanese titles carry zero-width spaces between words.
      const kept = title.text.slice(0, -1).replaceAll('\u200b', '');
      expect(body.startsWith(kept)).toBe(true);
      const words = new Intl.Segmenter(language, { granularity: 'word' });
      const ends = new Set([...words.segment(body)].map((s) => s.index + s.segment.length));
      expect(ends.has(kept.length), `${language}: “${kept}” ends inside a word`).toBe(true);
    }
  });

  it('leaves the margins of the image empty, however long the content', async () => {
    for (const size of SIZES) {
      const req = request({
        style: 'minimal',
        contentType: 'meeting_notes',
        width: size.width,
        height: size.height,
      });
      const c = await draw.composition(req);
      const { png } = await draw.draw(req);
      const image = PNG.sync.read(Buffer.from(png));
      const band = Math.floor(c.metrics.padY * 0.6);
      let ink = 0;
      for (let y = size.height - band; y < size.height; y++) {
        for (let x = 0; x < size.width; x++) {
          const o = (y * size.width + x) * 4;
          if ((image.data[o] ?? 0) < 235 || (image.data[o + 1] ?? 0) < 235 || (image.data[o + 2] ?? 0) < 235)
            ink++;
        }
      }
      expect(ink, `${size.value}: ink in the bottom margin`).toBe(0);
    }
  });
});
