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

/** Texts per request: LibreTranslate servers limit the characters of one request. */
const BATCH = 20;

const zLanguages = z.array(z.object({ code: z.string(), targets: z.array(z.string()).optional() }));
const zTranslated = z.object({ translatedText: z.union([z.string(), z.array(z.string())]) });

export interface LibreTranslateOptions {
  retryDelaysMs?: number[];
}

/**
 * A LibreTranslate server (self-hosted or libretranslate.com): `POST /translate` with a list of
 * texts in `q`, plain-text format; the pairs it serves come from `GET /languages`.
 */
export class LibreTranslateTranslator implements Translator {
  readonly id = 'libretranslate';
  readonly kind = 'translator' as const;
  readonly name = 'LibreTranslate';
  private languages: Promise<Map<string, string[]>> | undefined;

  constructor(
    private readonly config: TranslationConfig['libretranslate'],
    private readonly timeoutMs: number,
    private readonly options: LibreTranslateOptions = {},
  ) {}

  async status(): Promise<EngineStatus> {
    if (!this.config)
      return {
        state: 'missing',
        reason: 'LibreTranslate is not set up on this server',
        detail: 'Not configured',
        hint: 'Set LIBRETRANSLATE_URL',
      };
    const key = this.config.apiKey ? 'with an API key' : 'without an API key';
    return {
      state: 'ready',
      reason: 'A LibreTranslate server',
      detail: `LibreTranslate at ${this.config.url}, ${key}`,
    };
  }

  async supports(source: string, target: string): Promise<PairSupport> {
    if (!this.config) return null;
    const languages = await this.knownLanguages().catch(() => null);
    const targets = languages?.get(primaryLanguage(source));
    return targets?.includes(primaryLanguage(target)) ? { via: null } : null;
  }

  async translate<B extends TranslatableBlock>(request: TranslationRequest<B>): Promise<B[]> {
    const config = this.config;
    if (!config) {
      throw new TranslatorUnavailableError('LibreTranslate is not configured.');
    }
    const source = primaryLanguage(request.source);
    const target = primaryLanguage(request.target);
    const texts = request.blocks.map((b) => b.text);
    const out: string[] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      const batch = texts.slice(start, start + BATCH);
      const body = await requestJson(
        `${config.url}/translate`,
        {
          method: 'POST',
          body: {
            q: batch,
            source,
            target,
            format: 'text',
            ...(config.apiKey ? { api_key: config.apiKey } : {}),
          },
        },
        this.http(request.signal),
      );
      const parsed = zTranslated.safeParse(body);
      const translated = parsed.success ? [parsed.data.translatedText].flat() : [];
      if (translated.length !== batch.length) {
        throw new TranslatorError(
          'LibreTranslate answered with a translation list that does not match the texts sent.',
          true,
        );
      }
      out.push(...translated);
      request.onProgress?.(Math.min(1, (start + batch.length) / texts.length));
    }
    return request.blocks.map((block, i) => ({ ...block, text: out[i] ?? '' }));
  }

  /** Source language → the targets it can go to. */
  private knownLanguages(): Promise<Map<string, string[]>> {
    const config = this.config;
    if (!config) return Promise.reject(new Error('not configured'));
    this.languages ??= requestJson(
      `${config.url}/languages`,
      { method: 'GET' },
      this.http(new AbortController().signal),
    ).then((body) => {
      const languages = zLanguages.parse(body);
      const all = languages.map((l) => l.code);
      // Older servers list no targets: every language goes to every other.
      return new Map(languages.map((l) => [l.code, l.targets ?? all.filter((c) => c !== l.code)]));
    });
    this.languages.catch(() => {
      this.languages = undefined;
    });
    return this.languages;
  }

  private http(signal: AbortSignal) {
    return {
      service: 'LibreTranslate',
      signal,
      timeoutMs: this.timeoutMs,
      retryDelaysMs: this.options.retryDelaysMs ?? [1000, 4000],
    };
  }
}
