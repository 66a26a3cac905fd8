import { primaryLanguage } from '@voxpress/contracts';
import type { TranslationEngineId } from '../../config/writing-env.schema.ts';
import {
  type EngineDescription,
  EngineRouter,
  type RouteRequest,
  type RouterLogger,
} from '../engine-router.ts';
import { languageName, translationNotAvailable } from './languages.ts';
import type { PairSupport, TranslatableBlock, TranslationRequest, Translator } from './translator.ts';

/** One translator tried for a language, kept with the translation. `error` is user-safe. */
export interface TranslationAttempt {
  engine: string;
  reason: string;
  duration_ms: number;
  error?: string;
}

/** Translated blocks, the translator that made them and every translator tried on the way. */
export interface RoutedTranslation<B extends TranslatableBlock> {
  blocks: B[];
  engine: string;
  reason: string;
  attempts: TranslationAttempt[];
}

/** Requests are labelled `en → fr`; the words below read the target back from the label. */
const ARROW = ' → ';
const targetOf = (label: string) => label.split(ARROW)[1] ?? label;
const sourceOf = (label: string) => label.split(ARROW)[0] ?? label;

const WORDS = {
  orderSetting: 'TRANSLATION_ENGINES',
  summaries: {
    deepl: 'DeepL API, needs DEEPL_API_KEY',
    libretranslate: 'a LibreTranslate server, needs LIBRETRANSLATE_URL',
    llm: 'the configured language model',
    apertium: 'offline: en↔es, es↔fr, en→fr through es',
  },
  noEngine: (label: string) => translationNotAvailable(targetOf(label)),
  noEngineDetail: (label: string) =>
    `No translator on this server translates ${languageName(sourceOf(label))} into ${languageName(targetOf(label))} (${label}).`,
  allFailed: (label: string) => translationNotAvailable(targetOf(label)),
};

/**
 * Picks the translator for each language pair through the generic `EngineRouter`: the configured
 * order (TRANSLATION_ENGINES), keeping the translators that are ready and serve the pair, those
 * with the pair directly before those going through a pivot language (Apertium en → es → fr).
 * A translator that cannot work hands over to the next; when none serves the language it fails
 * with the spec's "… translation is not available." — never a copy of the source.
 */
export class TranslatorRouter {
  readonly router: EngineRouter<Translator>;

  constructor(
    order: readonly TranslationEngineId[],
    translators: readonly Translator[],
    logger: RouterLogger,
  ) {
    this.router = new EngineRouter('translator', translators, order, WORDS, logger);
  }

  async translate<B extends TranslatableBlock>(
    request: TranslationRequest<B>,
  ): Promise<RoutedTranslation<B>> {
    if (primaryLanguage(request.source) === primaryLanguage(request.target)) {
      return {
        blocks: [...request.blocks],
        engine: 'none',
        reason: 'already in that language',
        attempts: [],
      };
    }
    const routed = await this.router.run(
      await this.routeRequest(request.source, request.target),
      request.signal,
      (t) => t.translate(request),
    );
    return {
      blocks: routed.result,
      engine: routed.engine.id,
      reason: routed.reason,
      attempts: routed.attempts.map(({ result: _result, passedOver: _passed, ...attempt }) => attempt),
    };
  }

  /**
   * The languages of `targets` no ready translator on this server serves from `source`, in the
   * order given. Asked before a piece is started, so such a language is refused, not failed later.
   */
  async unavailable(source: string, targets: readonly string[]): Promise<string[]> {
    const ready: Translator[] = [];
    for (const id of this.router.order) {
      for (const t of this.router.engines.filter((e) => e.id === id)) {
        if ((await t.status()).state === 'ready') ready.push(t);
      }
    }
    const missing: string[] = [];
    for (const target of targets) {
      if (primaryLanguage(source) === primaryLanguage(target)) continue;
      let served = false;
      for (const t of ready) {
        if (await t.supports(source, target)) {
          served = true;
          break;
        }
      }
      if (!served) missing.push(target);
    }
    return missing;
  }

  /** The translator a pair would use first, and why. */
  async choose(source: string, target: string) {
    return this.router.choose(await this.routeRequest(source, target));
  }

  /** Every translator for the engines view, with the one English → Spanish would use first. */
  async describe(): Promise<{ active: string | null; engines: EngineDescription[] }> {
    const first = await this.router.serving(await this.routeRequest('en', 'es')).catch(() => null);
    return { active: first?.engine.id ?? null, engines: await this.router.describe() };
  }

  /** Asks each translator about the pair up front: the router's own check is synchronous. */
  private async routeRequest(source: string, target: string): Promise<RouteRequest<Translator>> {
    const support = new Map<Translator, PairSupport>();
    for (const translator of this.router.engines) {
      // One that is not ready cannot say which pairs it has; counting it in lets the router name
      // it, with how to set it up, when nothing ready serves the pair.
      const ready = (await translator.status()).state === 'ready';
      support.set(translator, ready ? await translator.supports(source, target) : { via: null });
    }
    return {
      label: `${source}${ARROW}${target}`,
      supports: (t) => support.get(t) != null,
      reorder: (translators) => {
        const direct = translators.filter((t) => support.get(t)?.via == null);
        const pivoted = translators.filter((t) => support.get(t)?.via != null);
        if (!pivoted.length || !direct.some((t) => support.get(t)))
          return { engines: [...direct, ...pivoted] };
        // Pivoting loses more meaning: a translator with the pair itself goes first whatever the order.
        const via = pivoted
          .map((t) => `${t.id} through ${languageName(support.get(t)?.via ?? '')}`)
          .join(', ');
        return {
          engines: [...direct, ...pivoted],
          note: `translators with the pair directly come first (${via} after)`,
        };
      },
    };
  }
}
