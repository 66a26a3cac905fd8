// Each variation of a set draws its content in a different structure, chosen from what the
// content holds; and no layout cuts or leaves out content while a good share of it stays empty.
import { LAYOUT_STYLE_KEYS } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { assignDiagrams, diagramsFor } from '../../../services/infographics/material/diagrams.ts';
import type { Diagram, RenderRequest } from '../renderer.ts';
import { TakumiDraw } from '../takumi/takumi-draw.tsx';
import { REALISTIC } from '../test/realistic-data.ts';
import type { Block, Composition } from './compose.ts';
import { sharesOf } from './compose.ts';

const draw = new TakumiDraw();

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

/** The layout tree without its texts and colours: which blocks, in which order, drawn how. */
function structure(c: Composition): string {
  const block = (b: Block): string => {
    switch (b.kind) {
      case 'facts':
        return `facts${b.tiles ? '+tiles' : ''}${b.shares ? '+bars' : ''}`;
      case 'quote':
      case 'tags':
        return b.kind;
      case 'split':
        return `split(${block(b.left)},${block(b.right)})`;
      case 'compare':
        return `compare(${b.tone})`;
      default:
        return `${b.kind}${b.connect ? '+line' : ''}${b.times ? '+times' : ''}`;
    }
  };
  return c.columns.map((col) => col.blocks.map(block).join('/')).join(' | ');
}

/** Share of the canvas left empty inside the columns, from the composition's own measurements. */
function unused(c: Composition): number {
  const m = c.metrics;
  let empty = 0;
  for (const col of c.columns) {
    const headerGap = col.header ? Math.round((m.format === 'portrait' ? 56 : 40) * m.u) : 0;
    const used =
      (col.header?.height ?? 0) +
      headerGap +
      col.blocks.reduce((a, b) => a + b.height, 0) +
      Math.max(0, col.blocks.length - 1) * m.gap;
    empty += Math.max(0, col.height - used) * col.width;
  }
  return empty / (m.width * m.height);
}

function cut(c: Composition): string[] {
  const out: string[] = [];
  for (const col of c.columns) {
    if (col.header?.title.truncated) out.push('title');
    for (const b of col.blocks) {
      if (b.kind === 'quote' && b.text.truncated) out.push('quote');
      const lists = b.kind === 'split' ? [b.left, b.right] : 'items' in b ? [b] : [];
      for (const l of lists) for (const it of l.items) if (it.text.truncated) out.push(it.text.text);
    }
  }
  return out;
}

describe('diagrams from the content', () => {
  it('gives the five variations of a meeting five different structures', async () => {
    const emphases = ['key_points', 'action_items', 'facts', 'quote', 'summary'] as const;
    const plans = assignDiagrams(emphases.map((emphasis) => ({ emphasis, data: REALISTIC.meeting })));
    const diagrams = plans.map((p) => p.diagram);
    expect(new Set(diagrams).size).toBe(5);
    const trees = await Promise.all(
      plans.map(async (p, i) =>
        structure(
          await draw.composition(request({ style: LAYOUT_STYLE_KEYS[i], diagram: p.diagram as Diagram })),
        ),
      ),
    );
    expect(new Set(trees).size, trees.join('\n')).toBe(5);
  });

  it('offers only the structures the content holds, never a figure without a number', () => {
    expect(diagramsFor({ language: 'en', title: 'x', points: [{ text: 'a', start: null }] })).toEqual([
      'cards',
    ]);
    const words = {
      language: 'en',
      title: 'x',
      points: [],
      facts: [
        { label: 'Difficulty', value: 'Easy' },
        { label: 'Mood', value: 'Calm' },
      ],
    };
    expect(diagramsFor(words)).not.toContain('figures');
    expect(diagramsFor(REALISTIC.recipe)).toEqual(['flow', 'timeline', 'figures', 'quote', 'cards']);
    expect(sharesOf(['40 %', '60%'])).toEqual([0.4, 0.6]);
    expect(sharesOf(['40 %', '3 h'])).toBeNull();
  });

  it('draws a flow with connected numbers, a timeline with the times said, figures with bars for shares', async () => {
    const flow = await draw.composition(request({ diagram: 'flow' }));
    const actions = flow.columns.flatMap((c) => c.blocks).find((b) => b.kind === 'actions');
    expect(actions && 'connect' in actions && actions.connect).toBe(true);
    const timeline = await draw.composition(request({ diagram: 'timeline' }));
    const points = timeline.columns.flatMap((c) => c.blocks).find((b) => b.kind === 'points');
    expect(points && 'times' in points ? points.times?.map((t) => t?.text) : null).toEqual(
      // In the order said, though the points came in another.
      ['06:42', '12:03', '21:50', '29:04'].slice(0, points && 'items' in points ? points.items.length : 0),
    );
    const data = {
      ...REALISTIC.meeting,
      facts: [
        { label: 'Voted yes', value: '62 %' },
        { label: 'Voted no', value: '38 %' },
      ],
    };
    const figures = await draw.composition(request({ diagram: 'figures', data }));
    const facts = figures.columns.flatMap((c) => c.blocks).find((b) => b.kind === 'facts');
    expect(facts && 'shares' in facts ? facts.shares : null).toEqual([0.62, 0.38]);
  });
});

describe('a long flow on a wide canvas', () => {
  it('runs eight steps down two columns on 16:9 and keeps one column on a square', async () => {
    const steps = Array.from({ length: 8 }, (_, i) => `Step ${i + 1}: turn the dough and rest it a minute.`);
    const data = { ...REALISTIC.recipe, steps, ingredients: undefined };
    const flowOf = async (width: number, height: number) =>
      (
        await draw.composition(request({ contentType: 'tutorial', width, height, diagram: 'flow', data }))
      ).columns
        .flatMap((c) => c.blocks)
        .find((b) => b.kind === 'steps');
    const wide = await flowOf(1920, 1080);
    expect(wide && 'flowColumns' in wide && wide.flowColumns).toBe(true);
    expect(wide && 'items' in wide ? wide.items.length : 0).toBe(8);
    const square = await flowOf(1080, 1080);
    expect(square && 'flowColumns' in square && square.flowColumns).toBe(false);
  });
});

describe('no cut while room is left', () => {
  const SIZES = [
    [1080, 1080],
    [1080, 1920],
    [1080, 1620],
    [1200, 630],
    [1920, 1080],
  ] as const;
  const CONTENT = [
    ['recipe', 'recipe'],
    ['meeting', 'meeting_notes'],
    ['speech', 'enhanced'],
  ] as const;
  for (const [name, contentType] of CONTENT)
    it(`${name}: every style, size and structure uses the room before cutting or leaving out`, async () => {
      for (const style of LAYOUT_STYLE_KEYS)
        for (const [width, height] of SIZES)
          for (const diagram of ['cards', 'flow', 'timeline', 'figures', 'quote'] as const) {
            const c = await draw.composition(
              request({ style, contentType, width, height, diagram, data: REALISTIC[name] }),
            );
            const where = `${style} ${width}×${height} ${diagram}`;
            expect(cut(c), where).toEqual([]);
            if (c.omitted.length)
              expect(unused(c), `${where}: ${JSON.stringify(c.omitted)}`).toBeLessThanOrEqual(0.15);
          }
    }, 300_000);
});
