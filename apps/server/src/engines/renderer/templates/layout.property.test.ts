// Generated contents of every shape (long words, long titles, many or few items, right-to-left,
// Chinese and Japanese, Indic scripts) never overflow their boxes or their columns: every text is
// drawn in the lines and width the renderer measured, and the sections of a column fit in it.
import { INFOGRAPHIC_CONTENT_TYPES, LAYOUT_STYLE_KEYS } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import type { Diagram, InfographicData, RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { LANGUAGE_SAMPLES } from '../test/sample-data.ts';
import type { FittedText } from '../text/fit-text.ts';
import type { Block, Composition } from './compose.ts';

const draw = new TakumiDraw();
const LANGUAGES = ['en', 'de', 'ar', 'he', 'zh', 'ja', 'hi', 'ta', 'te', 'th'];
const SIZES = [
  [1080, 1080],
  [1080, 1920],
  [1000, 1500],
  [1200, 630],
  [1920, 1080],
] as const;
const DIAGRAMS: Diagram[] = ['cards', 'flow', 'timeline', 'figures', 'quote', 'comparison'];

/** A small seeded generator, so a failure names a content that can be drawn again. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

function content(seed: number): { data: InfographicData; style: string } {
  const r = rng(seed);
  const language = r.pick(LANGUAGES);
  const sample = LANGUAGE_SAMPLES[language] as { title: string; points: string[] };
  const words = [sample.title, ...sample.points];
  const long = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenhalterung';
  const phrase = (n: number) =>
    Array.from({ length: n }, () => (r.next() < 0.08 && language === 'de' ? long : r.pick(words))).join(' ');
  const list = (max: number) => Array.from({ length: r.int(max + 1) }, () => phrase(1 + r.int(4)));
  const title = r.next() < 0.3 ? phrase(6 + r.int(6)) : phrase(1);
  // Two options compared: sides of one to eight rows, labels long or short.
  const c = rng(seed * 31);
  const side = () => ({
    label: (c.next() < 0.2 ? phrase(3) : phrase(1)).slice(0, 60),
    items: Array.from({ length: 1 + c.int(8) }, () =>
      c.next() < 0.5 ? phrase(1 + c.int(3)) : r.pick(words),
    ),
  });
  const comparison = { left: side(), right: side(), tone: c.pick(['pros', 'neutral'] as const) };
  return {
    style: r.pick(LAYOUT_STYLE_KEYS),
    data: {
      language,
      title,
      ...(r.next() < 0.5 ? { subtitle: phrase(1 + r.int(3)) } : {}),
      points: list(9).map((text, i) => ({ text, start: r.next() < 0.7 ? i * 97 + r.int(60) : null })),
      steps: list(12),
      ingredients: list(14).map((t, i) =>
        r.next() < 0.6 ? `${i + 1} ${r.pick(['g', 'cups', 'tbsp', ''])} ${t}` : t,
      ),
      facts: Array.from({ length: r.int(5) }, (_, i) => ({
        label: phrase(1),
        value: r.pick(['12', '45 min', '62 %', '€ 1,234.56', `${i + 2} h`, phrase(1).slice(0, 14)]),
      })),
      ...(r.next() < 0.7 ? { quote: { text: phrase(1 + r.int(5)), start: r.int(4000) } } : {}),
      actionItems: list(6).map((text) => ({
        text,
        owner: r.next() < 0.5 ? phrase(1).slice(0, 30) : undefined,
      })),
      tags: list(6).map((t) => t.split(' ')[0] ?? t),
      ...(r.next() < 0.5 ? { footer: phrase(1) } : {}),
      comparison,
    },
  };
}

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
        out.push(
          b.label,
          ...b.items.flatMap((i) => [i.text, ...(i.owner ? [i.owner] : []), ...(i.qty ? [i.qty] : [])]),
        );
        for (const t of b.times ?? []) if (t) out.push(t);
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

describe('generated contents', () => {
  for (let seed = 1; seed <= 24; seed++) {
    it(`content #${seed} never overflows its boxes or its columns`, async () => {
      const { data, style } = content(seed);
      const r = rng(seed * 7919);
      const [width, height] = r.pick(SIZES);
      const req: RenderRequest = {
        style: style as RenderRequest['style'],
        contentType: r.pick(INFOGRAPHIC_CONTENT_TYPES),
        width,
        height,
        data,
        audience: 'general',
        culturalContext: 'international',
        diagram: r.pick(DIAGRAMS),
      };
      const where = `#${seed} ${data.language} ${style} ${width}×${height} ${req.diagram}`;
      const { measurer } = await draw.prepare(req);
      const c = await draw.composition(req);
      expect(columnOverflow(c), where).toBeLessThanOrEqual(0);
      // Columns sit side by side without overlapping, inside the canvas.
      const cols = [...c.columns].sort((a, b) => a.left - b.left);
      cols.forEach((col, i) => {
        expect(col.left + col.width, where).toBeLessThanOrEqual(width);
        const next = cols[i + 1];
        if (next) expect(col.left + col.width, where).toBeLessThanOrEqual(next.left);
      });
      const all = texts(c).filter((t) => t.text);
      const again = await measurer.measure(
        all.map((t) => ({
          text: t.text,
          width: t.width,
          fontSize: t.fontSize,
          lineHeightPx: t.lineHeightPx,
          style: t.style,
        })),
        data.language,
      );
      all.forEach((t, i) => {
        expect(again[i]?.lines, `${where}: ${t.text}`).toBeLessThanOrEqual(t.lines);
        expect(again[i]?.width ?? 0, `${where}: ${t.text} is wider than its box`).toBeLessThanOrEqual(
          t.width + 1,
        );
      });
    });
  }
});
