/** @jsxRuntime automatic @jsxImportSource react */
import { type MeasuredNode, Renderer } from '@takumi-rs/core';
import { fromJsx } from '@takumi-rs/helpers/jsx';
import { fallbackOrder } from '../fonts/font-catalog.ts';
import { FontLibrary, type FontPlan } from '../fonts/font-library.ts';
import { codepointsOf } from '../fonts/unicode-range.ts';
import type { Omitted, RenderRequest } from '../renderer.ts';
import { type Composition, compose } from '../templates/compose.ts';
import { Infographic } from '../templates/infographic.tsx';
import { labelsFor } from '../templates/labels.ts';
import { qrCaption } from '../templates/share-qr.ts';
import { themeFamilies, themeForRequest } from '../templates/theme.ts';
import { TakumiFonts } from './takumi-fonts.ts';
import { TakumiMeasurer } from './takumi-measurer.ts';

/** Marks templates add around the content: numbers, quotes, ellipsis, hash signs. */
const TEMPLATE_MARKS = '0123456789.:#“”…';

/**
 * Draws infographics in this thread with Takumi. Fonts are parsed once and kept; each render
 * loads only the font subsets its text needs that are not loaded yet.
 */
export class TakumiDraw {
  private readonly renderer = new Renderer();
  private readonly fonts = new TakumiFonts(this.renderer);

  constructor(private readonly library = new FontLibrary()) {}

  /** The fonts a request needs, by file, and what none of them can draw. */
  fontPlan(request: RenderRequest): FontPlan {
    const theme = themeForRequest(request);
    return this.library.plan(
      codepointsOf(requestTexts(request)),
      themeFamilies(theme),
      fallbackOrder(request.data.language),
    );
  }

  /** Loads the Latin faces every render uses, so the first request does not wait for them. */
  async warm(): Promise<void> {
    const plan = this.library.plan(codepointsOf(['Aa0…“”#']), ['Inter', 'Lora', 'Playfair Display'], []);
    await this.fonts.ensure(plan.faces);
  }

  /** Loads the fonts a request needs and gives the measurer that lays its text out. */
  async prepare(
    request: RenderRequest,
  ): Promise<{ plan: FontPlan; families: string[]; measurer: TakumiMeasurer }> {
    const theme = themeForRequest(request);
    const plan = this.fontPlan(request);
    await this.fonts.ensure(plan.faces);
    const families = [...themeFamilies(theme), ...plan.fallbacks];
    return { plan, families, measurer: new TakumiMeasurer(this.renderer, () => families) };
  }

  /** The composition a request would be drawn from (tests check its arithmetic). */
  async composition(request: RenderRequest): Promise<Composition> {
    const { measurer } = await this.prepare(request);
    return compose(request, measurer);
  }

  /** Where every text of a request lands: the drawn layout, measured (tests check its direction). */
  async layout(request: RenderRequest): Promise<MeasuredNode> {
    const { plan, families, measurer } = await this.prepare(request);
    const composition = await compose(request, measurer);
    const { node } = await fromJsx(<Infographic c={composition} fallbacks={plan.fallbacks.join(', ')} />);
    return this.renderer.measure(node, {
      width: request.width,
      height: request.height,
      fontFamilies: families,
      lang: request.data.language,
    });
  }

  async draw(
    request: RenderRequest,
    signal?: AbortSignal,
  ): Promise<{ png: Uint8Array; renderMs: number; missing: number[]; omitted: Omitted[] }> {
    const started = performance.now();
    const { plan, families, measurer } = await this.prepare(request);
    signal?.throwIfAborted();
    const composition = await compose(request, measurer);
    signal?.throwIfAborted();
    const { node } = await fromJsx(<Infographic c={composition} fallbacks={plan.fallbacks.join(', ')} />);
    const png = await this.renderer.render(node, {
      width: request.width,
      height: request.height,
      format: 'png',
      fontFamilies: families,
      lang: request.data.language,
      ...(signal ? { signal } : {}),
    });
    return {
      png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength),
      renderMs: performance.now() - started,
      missing: plan.missing,
      omitted: composition.omitted,
    };
  }
}

/** Every string a request may draw: its data and the template's own words in its language. */
export function requestTexts(request: RenderRequest): string[] {
  const { data } = request;
  const labels = labelsFor(data.language);
  return [
    data.title,
    data.subtitle ?? '',
    ...data.points.map((p) => p.text),
    ...(data.steps ?? []),
    ...(data.ingredients ?? []),
    ...(data.facts ?? []).flatMap((f) => [f.label, f.value]),
    data.quote?.text ?? '',
    data.quote?.speaker ?? '',
    ...[data.comparison?.left, data.comparison?.right].flatMap((side) =>
      side ? [side.label, ...side.items] : [],
    ),
    ...(data.actionItems ?? []).flatMap((a) => [a.text, a.owner ?? '']),
    ...(data.tags ?? []),
    data.footer ?? '',
    request.brand?.footer ?? '',
    request.shareUrl ? qrCaption(request.shareUrl) : '',
    labels.type[request.contentType],
    labels.ingredients,
    labels.steps,
    labels.points,
    labels.actions,
    labels.quoteAt,
    TEMPLATE_MARKS,
  ];
}
