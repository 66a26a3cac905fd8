// Layouts use the room before cutting anything: texts wrap instead of ending in "…", a word too
// long for its line is hyphenated or set smaller, lists that show part of their items say so,
// and the corner pattern stays clear of the title.
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { REALISTIC } from '../test/realistic-data.ts';
import { hyphenateLongWords } from '../text/fit-text.ts';
import type { Block, Composition, ListBlock } from './compose.ts';

const draw = new TakumiDraw();
const SIZES = [
  [1080, 1080],
  [1080, 1920],
  [1080, 1620],
  [1200, 630],
  [1920, 1080],
] as const;

const request = (over: Partial<RenderRequest>): RenderRequest => ({
  style: 'modern',
  contentType: 'recipe',
  width: 1080,
  height: 1080,
  data: REALISTIC.recipe,
  audience: 'general',
  culturalContext: 'international',
  ...over,
});

function lists(c: Composition): ListBlock[] {
  const of = (b: Block): ListBlock[] => (b.kind === 'split' ? [b.left, b.right] : 'items' in b ? [b] : []);
  return c.columns.flatMap((col) => col.blocks.flatMap(of));
}

const CASES = [
  ['recipe', 'recipe'],
  ['meeting', 'meeting_notes'],
  ['speech', 'enhanced'],
] as const;

describe('layouts that fill the room', () => {
  for (const [name, contentType] of CASES)
    for (const [width, height] of SIZES)
      it(`${name} at ${width}×${height}: no list item cut, counts matching what is listed`, async () => {
        for (const style of ['modern', 'classic', 'minimal', 'vibrant', 'elegant'] as const) {
          const req = request({ style, contentType, width, height, data: REALISTIC[name] });
          const c = await draw.composition(req);
          for (const list of lists(c)) {
            for (const item of list.items)
              expect(item.text.truncated, `${style}: ${item.text.text}`).toBe(false);
            const omitted = c.omitted.find((o) => o.section === list.kind);
            if (omitted) {
              expect(omitted.shown).toBe(list.items.length);
              expect(list.label.text).toContain(`${list.items.length} of ${omitted.total}`);
            } else {
              expect(list.label.text).not.toMatch(/ of /);
            }
          }
        }
      });

  it('wraps or shrinks a German compound longer than its line instead of ending it in "…"', async () => {
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenhalterung';
    const data = {
      ...REALISTIC.recipe,
      language: 'de',
      title: 'Ein Rezept',
      ingredients: [`Das ${word}`, '2 Eier'],
    };
    for (const [width, height] of SIZES) {
      const c = await draw.composition(request({ width, height, data }));
      const first = lists(c)
        .find((l) => l.kind === 'ingredients')
        ?.items.at(0);
      expect(first, `${width}×${height}`).toBeDefined();
      expect(first?.text.truncated).toBe(false);
      expect(first?.text.text).not.toContain('…');
      // Every letter of the word is there, in order, whatever hyphens were added.
      expect(first?.text.text.replace(/-\u200b/g, '')).toContain(word);
    }
  });

  it('sets ingredient quantities in their own aligned column on a tall canvas', async () => {
    const c = await draw.composition(request({ width: 1080, height: 1920, diagram: 'flow' }));
    const ingredients = lists(c).find((l) => l.kind === 'ingredients');
    expect(ingredients?.qtyWidth).toBeGreaterThan(0);
    // Typesetting may join a number to its unit with a no-break space or joiner.
    const plain = (t: string | undefined) =>
      t?.replace(/\u00a0/g, ' ').replace(/[\u200b\u2060]/g, '') ?? null;
    expect(ingredients?.items.map((i) => [plain(i.qty?.text), plain(i.text.text)])).toEqual([
      ['1 cup', 'rye meal'],
      ['1 cup', 'granulated cornmeal'],
      ['1 cup', 'Graham flour'],
      ['¾ tablespoon', 'soda'],
      ['1 teaspoon', 'salt'],
      ['¾ cup', 'molasses'],
      ['2 cups', 'sour milk, or 1¾ cups sweet milk or water'],
    ]);
  });

  it('keeps the corner pattern above the title', async () => {
    for (const [width, height] of SIZES) {
      const c = await draw.composition(request({ width, height }));
      const head = c.columns.find((col) => col.header);
      const header = head?.header;
      if (!head || !header) throw new Error('no header');
      const subtitle = header.subtitle ? header.subtitle.height + Math.round(22 * c.metrics.u) : 0;
      const titleTop = head.top + header.height - header.title.height - subtitle;
      expect(c.motif.top + c.motif.height, `${width}×${height}`).toBeLessThanOrEqual(titleTop);
    }
  });
});

describe('hyphenateLongWords', () => {
  it('splits only words longer than a line, leaving unspaced scripts alone', () => {
    expect(hyphenateLongWords('Das Ei', 200, 20, 'de')).toBe('Das Ei');
    const out = hyphenateLongWords('Das Donaudampfschifffahrtsgesellschaft', 200, 20, 'de');
    expect(out).toContain('-\u200b');
    expect(out.replace(/-\u200b/g, '')).toBe('Das Donaudampfschifffahrtsgesellschaft');
    const zh = '这是一个非常非常非常非常非常长的中文句子没有空格';
    expect(hyphenateLongWords(zh, 100, 20, 'zh')).toBe(zh);
  });
});
