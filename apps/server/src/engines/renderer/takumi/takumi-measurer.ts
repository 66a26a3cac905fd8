import type { MeasuredNode, Node, Renderer } from '@takumi-rs/core';
import type { Measured, MeasureItem, TextMeasurer } from '../text/fit-text.ts';
import { textCss } from '../text/text-css.ts';

/**
 * Counts lines the way the image will show them: every item is laid out by Takumi (HarfBuzz
 * shaping, the same fonts and line breaking as the render) in one call.
 */
export class TakumiMeasurer implements TextMeasurer {
  constructor(
    private readonly renderer: Renderer,
    private readonly fontFamilies: () => string[],
  ) {}

  async measure(items: readonly MeasureItem[], language: string): Promise<Measured[]> {
    const root: Node = {
      type: 'container',
      style: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
      children: items.map(
        (it): Node => ({
          type: 'container',
          style: {
            display: 'flex',
            flexShrink: 0,
            ...textCss(it.style, it.fontSize, it.lineHeightPx),
            width: it.width,
          },
          children: [{ type: 'text', text: it.text }],
        }),
      ),
    };
    const measured = await this.renderer.measure(root, { lang: language, fontFamilies: this.fontFamilies() });
    return measured.children.map((child, i) => ({
      lines: Math.round(child.height / (items[i]?.lineHeightPx ?? 1)),
      width: widestLine(child, items[i]?.lineHeightPx ?? 1),
    }));
  }
}

/**
 * The widest line, from the horizontal extent of the runs on each line. Runs of one line may sit
 * at different heights (fonts of several scripts), so a run belongs to the line its middle is in.
 */
function widestLine(node: MeasuredNode, lineHeightPx: number): number {
  const lines = new Map<number, { from: number; to: number }>();
  const walk = (n: MeasuredNode) => {
    for (const run of n.runs) {
      if (!run.text.trim()) continue;
      const line = Math.floor((run.y + run.height / 2) / lineHeightPx);
      // A line's trailing space hangs past the box; leave it out (about a space per character).
      const trailing = run.text.length - run.text.trimEnd().length;
      const ink = run.width - (trailing * run.width) / Math.max(1, run.text.length);
      const seen = lines.get(line);
      lines.set(line, {
        from: Math.min(seen?.from ?? run.x, run.x),
        to: Math.max(seen?.to ?? run.x + ink, run.x + ink),
      });
    }
    for (const child of n.children) walk(child);
  };
  walk(node);
  return Math.max(0, ...[...lines.values()].map((l) => l.to - l.from));
}
