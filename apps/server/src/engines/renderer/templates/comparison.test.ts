// Two options compared are drawn as two columns whose items sit level, row by row, mirrored in
// right-to-left languages, and the comparison never loses items while the canvas has room.
import type { MeasuredNode } from '@takumi-rs/core';
import { LAYOUT_STYLE_KEYS } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import type { InfographicData, RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { COMPARISON } from '../test/realistic-data.ts';
import type { CompareBlock } from './compose.ts';

const draw = new TakumiDraw();

const request = (over: Partial<RenderRequest> = {}): RenderRequest => ({
  style: 'modern',
  contentType: 'enhanced',
  width: 1080,
  height: 1080,
  data: COMPARISON,
  audience: 'general',
  culturalContext: 'international',
  diagram: 'comparison',
  ...over,
});

/** Every drawn run with where it lands on the image. */
function runs(node: MeasuredNode, out: { text: string; x: number; y: number; w: number }[] = []) {
  for (const r of node.runs)
    if (r.text.trim())
      out.push({ text: r.text, x: node.transform[4] + r.x, y: node.transform[5] + r.y, w: r.width });
  for (const child of node.children) runs(child, out);
  return out;
}

/** The first drawn run of a text: where its first line starts. */
const first = (all: ReturnType<typeof runs>, text: string) => {
  const hit = all.find((r) => r.text.trim().length >= 3 && text.startsWith(r.text.trim()));
  expect(hit, `no run draws ${text}`).toBeDefined();
  return hit as NonNullable<typeof hit>;
};

const compareBlock = async (r: RenderRequest) =>
  (await draw.composition(r)).columns
    .flatMap((c) => c.blocks)
    .find((b): b is CompareBlock => b.kind === 'compare');

describe('a two-column comparison', () => {
  it('sets each row of the two sides level, the first side at the start', async () => {
    const r = request();
    const block = await compareBlock(r);
    expect(block?.rows.length).toBe(4);
    const all = runs(await draw.layout(r));
    const { left, right } = COMPARISON.comparison as NonNullable<InfographicData['comparison']>;
    for (let i = 0; i < 4; i++) {
      const a = first(all, left.items[i] as string);
      const b = first(all, right.items[i] as string);
      expect(Math.abs(a.y - b.y), `row ${i + 1}`).toBeLessThan(2);
      expect(a.x).toBeLessThan(b.x);
    }
    expect(first(all, 'Heat pump').x).toBeLessThan(first(all, 'Gas boiler').x);
  });

  it('mirrors the sides in Arabic: the first side on the right', async () => {
    const data: InfographicData = {
      language: 'ar',
      title: 'الإيجار أم الشراء',
      points: [],
      comparison: {
        tone: 'pros',
        left: { label: 'المزايا', items: ['لا تدفع ثمن الإصلاحات', 'سهولة الانتقال'] },
        right: { label: 'العيوب', items: ['لا تبني ملكية', 'ترتفع الأجرة كل عام'] },
      },
    };
    const r = request({ data });
    const all = runs(await draw.layout(r));
    const pro = first(all, 'المزايا');
    const con = first(all, 'العيوب');
    expect(pro.x).toBeGreaterThan(con.x);
    expect(Math.abs(first(all, 'سهولة الانتقال').y - first(all, 'ترتفع الأجرة كل عام').y)).toBeLessThan(2);
  });

  it('keeps every row on every style and size, and says so when one is left out', async () => {
    for (const style of LAYOUT_STYLE_KEYS)
      for (const [width, height] of [
        [1080, 1080],
        [1080, 1920],
        [1200, 630],
        [1920, 1080],
      ] as const) {
        const c = await draw.composition(request({ style, width, height }));
        const block = c.columns
          .flatMap((col) => col.blocks)
          .find((b): b is CompareBlock => b.kind === 'compare');
        const where = `${style} ${width}×${height}`;
        expect(block, where).toBeDefined();
        const cut = block?.rows.flatMap((row) => [row.left, row.right]).filter((t) => t?.truncated) ?? [];
        expect(cut, where).toEqual([]);
        if ((block?.rows.length ?? 0) < 4)
          expect(c.omitted, where).toContainEqual({
            section: 'comparison',
            shown: block?.rows.length,
            total: 4,
          });
      }
  }, 120_000);
});
