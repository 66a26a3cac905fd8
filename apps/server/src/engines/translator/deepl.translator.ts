import { primaryLanguage } from '@voxpress/contracts';
import { z } from 'zod';
import type { TranslationConfig } from '../../config/writing-config.ts';
import type { EngineStatus } from '../engine.ts';
import { requestJson } from './translation-http.ts';
import {
  type PairSupport,
  type TranslatableBlock,
  type TranslationRequest,
  type Translator,
  TranslatorError,
  TranslatorUnavailableError,
} from './translator.ts';

/** DeepL takes at most 50 texts per request. */
const BATCH = 50;

const zLanguages = z.array(z.object({ language: z.string(), name: z.string().optional() }));
const zTranslated = z.object({ translations: z.array(z.object({ text: z.string() })) });

export interface DeepLOptions {
  retryDelaysMs?: number[];
}

/**
 * DeepL's HTTP API: `POST /v2/translate` with the `DeepL-Auth-Key` header, up to 50 texts per
 * request, one text per block. The languages it serves are read once from `/v2/languages`.
 */
export class DeepLTranslator implements Translator {
  readonly id = 'deepl';
  readonly kind = 'translator' as const;
  readonly name = 'DeepL';
  private languages: Promise<{ source: string[]; target: string[] }> | undefined;

  constructor(
    private readonly config: TranslationConfig['deepl'],
    private readonly timeoutMs: number,
    private readonly options: DeepLOptions = {},
  ) {}

  async status(): Promise<EngineStatus> {
    if (!this.config)
      return {
        state: 'missing',
        reason: 'DeepL is not set up on this server',
        detail: 'Not configured',
        hint: 'Set DEEPL_API_KEY',
      };
    return { state: 'ready', reason: 'DeepL', detail: `DeepL API at ${this.config.baseUrl}` };
  }

  async supports(source: string, target: string): Promise<PairSupport> {
    if (!this.config) return null;
    const languages = await this.knownLanguages().catch(() => null);
    if (!languages) return null;
    const from = sourceCode(languages.source, source);
    const to = targetCode(languages.target, target);
    return from && to ? { via: null } : null;
  }

  async translate<B extends TranslatableBlock>(request: TranslationRequest<B>): Promise<B[]> {
    const config = this.config;
    if (!config) throw new TranslatorUnavailableError('DeepL is not configured.');
    const languages = await this.knownLanguages();
    const source = sourceCode(languages.source, request.source);
    const target = targetCode(languages.target, request.target);
    if (!source || !target) {
      throw new TranslatorUnavailableError(
        `DeepL does not translate ${request.source} into ${request.target}.`,
      );
    }
    const texts = request.blocks.map((b) => b.text);
    const out: string[] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const batch = texts.slice(start, start + BATCH);
      const body = await requestJson(
        `${config.baseUrl}/v2/translate`,
        {
          method: 'POST',
          body: { text: batch, source_lang: source, target_lang: target, preserve_formatting: true },
        },
        this.http(request.signal),
      );
      const parsed = zTranslated.safeParse(body);
      if (!parsed.success || parsed.data.translations.length !== batch.length) {
        throw new TranslatorError(
          'DeepL answered with a translation list that does not match the texts sent.',
          true,
        );
      }
      out.push(...parsed.data.translations.map((t) => t.text));
      request.onProgress?.(Math.min(1, (start + batch.length) / texts.length));
    }
    return request.blocks.map((block, i) => ({ ...block, text: out[i] ?? '' }));
  }

  private knownLanguages(): Promise<{ source: string[]; target: string[] }> {
    const config = this.config;
    if (!config) return Promise.reject(new Error('not configured'));
    const list = async (type: 'source' | 'target') => {
      const body = await requestJson(
        `${config.baseUrl}/v2/languages?type=${type}`,
        { method: 'GET' },
        this.http(new AbortController().signal),
      );
      return zLanguages.parse(body).map((l) => l.language.toUpperCase());
    };
    this.languages ??= Promise.all([list('source'), list('target')]).then(([source, target]) => ({
      source,
      target,
    }));
    // A failed look-up is tried again next time rather than remembered.
    this.languages.catch(() => {
      this.languages = undefined;
    });
    return this.languages;
  }

  private http(signal: AbortSignal) {
    return {
      service: 'DeepL',
      headers: { authorization: `DeepL-Auth-Key ${this.config?.apiKey ?? ''}` },
      signal,
      timeoutMs: this.timeoutMs,
      retryDelaysMs: this.options.retryDelaysMs ?? [1000, 4000],
    };
  }
}

/** DeepL names source languages by their primary subtag: `EN`, `ES`. */
function sourceCode(available: string[], language: string): string | null {
  const code = primaryLanguage(language).toUpperCase();
  return available.includes(code) ? code : null;
}

/**
 * DeepL wants a variant for some targets (`EN-US`/`EN-GB`, `PT-BR`/`PT-PT`): the exact code when
 * asked for one, else the plain code, else its first variant.
 */
function targetCode(available: string[], language: string): string | null {
  const exact = language.toUpperCase().replace('_', '-');
  if (available.includes(exact)) return exact;
  const primary = primaryLanguage(language).toUpperCase();
  if (available.includes(primary)) return primary;
  return available.find((code) => code.startsWith(`${primary}-`)) ?? null;
}
