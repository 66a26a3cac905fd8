import type { EngineImplementation, EnginePort } from '@voxpress/contracts';
import type { TranslationEngineId } from '../../config/writing-env.schema.ts';
import { abortReason } from '../speech/abort-signals.ts';
import { languageName, primaryLanguage, translationNotAvailable } from './languages.ts';
import type { PairSupport, TranslatableBlock, TranslationRequest, Translator } from './translator.ts';
import { TranslatorError } from './translator.ts';

/** One translator tried for a language, kept with the translation. */
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

const PLAIN_STATE = {
  available: 'Ready',
  missing: 'Not installed on this server',
  disabled: 'Not set up on this server',
} as const;

interface Choice {
  translator: Translator;
  support: NonNullable<PairSupport>;
  reason: string;
}

/** The part of pino the router uses. */
export interface TranslatorLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Picks the translator for each language pair: the configured order (TRANSLATION_ENGINES),
 * keeping those available for the pair, direct pairs before pivoted ones. A translator that fails
 * hands over to the next; when none can serve the language, the language fails with the spec's
 * "translation is not available" — never a copy of the source.
 */
export class TranslatorRouter {
  constructor(
    private readonly order: readonly TranslationEngineId[],
    /** All translators, configured or not, so that the engines page can list them. */
    readonly translators: readonly Translator[],
    private readonly logger: TranslatorLogger,
  ) {}

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
    const plan = await this.plan(request.source, request.target);
    if (plan.length === 0) {
      throw new TranslatorError(translationNotAvailable(request.target), {
        retryable: false,
        detail: await this.nothingServes(request.source, request.target),
      });
    }
    const attempts: TranslationAttempt[] = [];
    let retryable = false;
    for (const { translator, reason } of plan) {
      const started = Date.now();
      try {
        const blocks = await translator.translate(request);
        attempts.push({ engine: translator.id, reason, duration_ms: Date.now() - started });
        return { blocks, engine: translator.id, reason, attempts };
      } catch (err) {
        if (request.signal.aborted) throw abortReason(request.signal);
        if (!(err instanceof TranslatorError)) throw err;
        retryable ||= err.retryable;
        attempts.push({
          engine: translator.id,
          reason,
          duration_ms: Date.now() - started,
          error: err.detail,
        });
        this.logger.warn(
          { engine: translator.id, reason: err.detail },
          'translator failed; trying the next one',
        );
      }
    }
    throw new TranslatorError(translationNotAvailable(request.target), {
      retryable,
      detail: attempts.map((a) => `${a.engine}: ${a.error}`).join(' '),
    });
  }

  /** The usable translators for a pair, best first. */
  async plan(source: string, target: string): Promise<Choice[]> {
    const direct: Choice[] = [];
    const pivoted: Choice[] = [];
    for (const translator of this.configured()) {
      const status = await translator.status();
      if (status.state !== 'available') continue;
      const support = await translator.supports(source, target);
      if (!support) continue;
      const pair = `${source} → ${target}`;
      if (support.via === null)
        direct.push({
          translator,
          support,
          reason: `${translator.id}: first available translator for ${pair}`,
        });
      else
        pivoted.push({
          translator,
          support,
          reason: `${translator.id}: ${pair} through ${languageName(support.via)}; no available translator has the pair directly`,
        });
    }
    return [...direct, ...pivoted].map((choice, i) =>
      i === 0 ? choice : { ...choice, reason: choice.reason.replace('first available', 'next available') },
    );
  }

  /** The translator port for `GET /api/v1/system/engines`. */
  async describe(): Promise<EnginePort> {
    const configured = this.configured();
    const implementations = await Promise.all(
      this.translators.map(async (t): Promise<EngineImplementation> => {
        const status = await t.status();
        const position = configured.indexOf(t);
        if (position < 0) {
          return {
            id: t.id,
            kind: 'translator',
            name: t.name,
            state: 'disabled',
            reason: 'Not enabled on this server',
            detail: `Not in TRANSLATION_ENGINES. ${status.detail}`,
            enable: [`Add ${t.id} to TRANSLATION_ENGINES`, status.enable].filter(Boolean).join('; '),
          };
        }
        return {
          id: t.id,
          kind: 'translator',
          name: t.name,
          state: status.state,
          // Until translators describe themselves with a plain reason, users see only the state.
          reason: PLAIN_STATE[status.state],
          detail: `${status.detail}. Preference ${position + 1} of ${configured.length}`,
          ...(status.enable ? { enable: status.enable } : {}),
        };
      }),
    );
    const active = implementations.find((i) => i.state === 'available')?.id ?? null;
    return { port: 'Translator', kind: 'translator', active, implementations };
  }

  private configured(): Translator[] {
    return this.order.flatMap((id) => this.translators.filter((t) => t.id === id));
  }

  /** What would make a pair work, for the failure's detail. */
  private async nothingServes(source: string, target: string): Promise<string> {
    const hints: string[] = [];
    for (const t of this.translators) {
      const status = await t.status();
      if (!this.configured().includes(t)) hints.push(`add ${t.id} to TRANSLATION_ENGINES`);
      else if (status.state !== 'available') hints.push(`${t.id}: ${status.enable ?? status.detail}`);
      else hints.push(`${t.id} does not translate ${source} → ${target}`);
    }
    return `No translator here translates ${languageName(source)} into ${languageName(target)} (${hints.join('; ')}).`;
  }
}
