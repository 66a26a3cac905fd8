import { primaryLanguage, type TranscriptionAttempt } from '@voxpress/contracts';
import type { SpeechConfig } from '../../config/config.ts';
import {
  type EngineChoice,
  type EngineDescription,
  EngineRouter,
  type RouteRequest,
} from '../engine-router.ts';
import { OpenAiCompatibleSpeechEngine } from './openai-compatible.speech.ts';
import { type PocketsphinxOptions, PocketsphinxSpeechEngine } from './pocketsphinx.speech.ts';
import type { SpeechEngine, SpeechRequest, SpeechResult } from './speech-engine.ts';
import type { SpeechLogger } from './speech-logger.ts';
import { type WhisperCppOptions, WhisperCppSpeechEngine } from './whisper-cpp.speech.ts';
import { isAutoLanguage } from './whisper-languages.ts';

/** The engine picked for a request and why, in a sentence for the transcript's metadata. */
export type SpeechChoice = EngineChoice<SpeechEngine>;

/** A transcription with the engine that made it and every engine tried on the way. */
export interface RoutedTranscription {
  result: SpeechResult;
  provider: string;
  reason: string;
  attempts: TranscriptionAttempt[];
}

/** Routing preferences of one request. */
export interface ChooseOptions {
  /** False moves whisper behind the other engines for English (the user's setting). Default true. */
  useWhisperForEnglish?: boolean;
}

const SUMMARIES: Record<string, string> = {
  whisper: 'whisper.cpp, about 100 languages with a multilingual model such as base',
  openai: 'any OpenAI-compatible speech server',
  pocketsphinx: 'offline, English only',
};

/** What users and administrators are told when no speech engine can serve a language. */
const WORDS = {
  orderSetting: 'SPEECH_ENGINES',
  summaries: SUMMARIES,
  noEngine: (language: string) =>
    `Transcription in ${languageName(language)} is not available on this server. Ask your administrator to enable a speech engine for it.`,
  noEngineDetail: (language: string) =>
    `No speech engine on this server can transcribe ${languageName(language)} (${language}).`,
  allFailed: (language: string) =>
    `Transcription in ${languageName(language)} could not be done: the speech engines on this server are not working. Ask your administrator to check them.`,
};

/**
 * Picks the speech engine for each request through the generic `EngineRouter`: the configured
 * order (SPEECH_ENGINES), keeping the engines that support the language and are ready; for
 * English with use_whisper_for_english off, whisper goes last.
 */
export class SpeechRouter {
  readonly router: EngineRouter<SpeechEngine>;

  constructor(
    config: SpeechConfig,
    logger: SpeechLogger,
    options: {
      engines?: SpeechEngine[];
      pocketsphinx?: PocketsphinxOptions;
      whisper?: WhisperCppOptions;
    } = {},
  ) {
    const engines = options.engines ?? [
      new WhisperCppSpeechEngine(config.whisper, logger, options.whisper),
      new OpenAiCompatibleSpeechEngine(config.openai, logger),
      new PocketsphinxSpeechEngine(options.pocketsphinx),
    ];
    this.router = new EngineRouter('speech', engines, config.engines, WORDS, logger);
  }

  /** All engines, configured or not (so that the engines view can list them). */
  get engines(): readonly SpeechEngine[] {
    return this.router.engines;
  }

  /** The engine a request in `language` would use first, and why. */
  choose(language: string, options: ChooseOptions = {}): Promise<SpeechChoice> {
    return this.router.choose(routeRequest(language, options));
  }

  /**
   * Transcribes with the chosen engine, falling back to the next candidate when an engine itself
   * is unusable. Progress never goes back, even when a later engine starts from nothing.
   */
  async transcribe(request: SpeechRequest & ChooseOptions): Promise<RoutedTranscription> {
    const { useWhisperForEnglish, ...speech } = request;
    let best = 0;
    const onProgress = (fraction: number) => {
      if (fraction <= best) return;
      best = fraction;
      request.onProgress(fraction);
    };
    const routed = await this.router.run(
      routeRequest(request.language, { useWhisperForEnglish }),
      request.signal,
      (engine) => engine.transcribe({ ...speech, onProgress }),
    );
    return {
      result: routed.result,
      provider: routed.engine.id,
      reason: routed.reason,
      attempts: routed.attempts.map((a) => ({
        provider: a.engine,
        model: a.result?.model ?? null,
        language: a.result?.language ?? request.language,
        reason: a.reason,
        text: a.result?.text ?? '',
        duration_ms: a.duration_ms,
        passed_over: a.passedOver.map((p) => ({ provider: p.engine, reason: p.reason })),
        ...(a.error === undefined ? {} : { error: a.error }),
      })),
    };
  }

  /** The speech engines for the engines view, with the one English requests would use first. */
  async describe(): Promise<{ active: string | null; engines: EngineDescription[] }> {
    // The engine that transcribes English today: one still waiting for its model is not it.
    const english = await this.router.serving(routeRequest('en', {})).catch(() => null);
    return { active: english?.engine.id ?? null, engines: await this.router.describe() };
  }

  /**
   * What each usable engine hears, in the configured order: engines that are ready (or would
   * download their model on first use) only. `languages` null: any language.
   */
  async hearing(): Promise<Array<{ id: string; name: string; languages: string[] | null }>> {
    const described = await this.router.describe();
    const usable = new Set(
      described.filter((d) => d.position !== null && d.state === 'ready').map((d) => d.id),
    );
    return this.engines
      .filter((e) => usable.has(e.id))
      .sort((a, b) => this.router.order.indexOf(a.id) - this.router.order.indexOf(b.id))
      .map((e) => {
        const languages = e.languages ? e.languages() : null;
        return { id: e.id, name: e.name, languages: languages ? [...languages] : null };
      });
  }

  /** Releases what the engines hold (the loaded whisper model); call at shutdown. */
  close(): Promise<void> {
    return this.router.close();
  }
}

function routeRequest(language: string, options: ChooseOptions): RouteRequest<SpeechEngine> {
  const english = /^en(-|_|$)/i.test(language);
  return {
    label: language,
    supports: (engine) => engine.supports(language),
    reorder: (engines) => {
      if (!english || options.useWhisperForEnglish !== false) return { engines };
      const whisper = engines.filter((e) => e.id === 'whisper');
      return {
        engines: [...engines.filter((e) => e.id !== 'whisper'), ...whisper],
        ...(whisper.length ? { note: 'use_whisper_for_english is off, so whisper comes last' } : {}),
      };
    },
  };
}

/** "Spanish" for `es-ES`; the code itself when the name is unknown. */
export function languageName(language: string): string {
  if (isAutoLanguage(language)) return 'an automatically detected language';
  const primary = primaryLanguage(language);
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(primary) ?? language;
  } catch {
    return language;
  }
}
