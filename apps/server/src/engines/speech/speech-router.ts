import type { EngineImplementation, EnginePort, TranscriptionAttempt } from '@voxpress/contracts';
import type { SpeechConfig } from '../../config/config.ts';
import { OpenAiCompatibleSpeechEngine } from './openai-compatible.speech.ts';
import { PocketsphinxSpeechEngine } from './pocketsphinx.speech.ts';
import {
  type SpeechEngine,
  SpeechEngineError,
  type SpeechEngineStatus,
  SpeechEngineUnavailableError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import type { SpeechLogger } from './speech-logger.ts';
import { WhisperCppSpeechEngine } from './whisper-cpp.speech.ts';
import { isAutoLanguage } from './whisper-languages.ts';

/** The engine picked for a request and why, in a sentence for the transcript's metadata. */
export interface SpeechChoice {
  engine: SpeechEngine;
  reason: string;
}

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

interface Candidate {
  engine: SpeechEngine;
  supported: boolean;
  status: SpeechEngineStatus;
}

const ENGINE_HINTS: Record<string, string> = {
  whisper: 'whisper.cpp, about 100 languages with a multilingual model such as base',
  openai: 'any OpenAI-compatible speech server',
  pocketsphinx: 'offline, English only',
};

/**
 * Picks the speech engine for each request: the configured order (SPEECH_ENGINES), keeping the
 * engines that support the language and are available; for English with use_whisper_for_english
 * off, whisper goes last. When an engine fails for a reason of its own (model missing, damaged,
 * not downloadable, key refused) the next one is tried, and every attempt is recorded.
 */
export class SpeechRouter {
  /** All engines, configured or not (so that the system page can list them). */
  readonly engines: readonly SpeechEngine[];

  constructor(
    private readonly config: SpeechConfig,
    private readonly logger: SpeechLogger,
    options: { engines?: SpeechEngine[] } = {},
  ) {
    this.engines = options.engines ?? [
      new WhisperCppSpeechEngine(config.whisper, logger),
      new OpenAiCompatibleSpeechEngine(config.openai, logger),
      new PocketsphinxSpeechEngine(),
    ];
  }

  /** The engine a request in `language` would use first, and why. */
  async choose(language: string, options: ChooseOptions = {}): Promise<SpeechChoice> {
    const [first] = await this.plan(language, options);
    if (!first) throw await this.noEngine(language);
    return first;
  }

  /**
   * Transcribes with the chosen engine, falling back to the next candidate when an engine fails
   * with a `SpeechEngineUnavailableError`. Other failures (the audio, a server that is down, an
   * abort) are thrown as they are: the job decides whether to retry. Progress never goes back.
   */
  async transcribe(request: SpeechRequest & ChooseOptions): Promise<RoutedTranscription> {
    const { useWhisperForEnglish, ...speech } = request;
    const plan = await this.plan(request.language, { useWhisperForEnglish });
    if (plan.length === 0) throw await this.noEngine(request.language);
    const attempts: TranscriptionAttempt[] = [];
    const failures: string[] = [];
    let best = 0;
    const onProgress = (fraction: number) => {
      if (fraction <= best) return;
      best = fraction;
      request.onProgress(fraction);
    };
    let lastError: SpeechEngineUnavailableError | undefined;
    for (const choice of plan) {
      const { engine } = choice;
      const reason = failures.length
        ? `${engine.id}: ${failures.join('; ')}; next engine that supports ${request.language} and is available`
        : choice.reason;
      const started = Date.now();
      try {
        const result = await engine.transcribe({ ...speech, onProgress });
        const duration_ms = Date.now() - started;
        attempts.push({
          provider: engine.id,
          model: result.model,
          language: result.language,
          reason,
          text: result.text,
          duration_ms,
        });
        return { result, provider: engine.id, reason, attempts };
      } catch (err) {
        if (request.signal.aborted || !(err instanceof SpeechEngineUnavailableError)) throw err;
        const duration_ms = Date.now() - started;
        attempts.push({
          provider: engine.id,
          model: null,
          language: request.language,
          reason,
          text: '',
          duration_ms,
          error: err.message,
        });
        this.logger.warn(
          { engine: engine.id, reason: err.message },
          'speech engine failed; trying the next one',
        );
        failures.push(`${engine.id} failed (${err.message})`);
        lastError = err;
      }
    }
    if (attempts.length === 1 && lastError) throw lastError;
    throw new SpeechEngineError(
      `Every speech engine that could transcribe this failed: ${attempts.map((a) => `${a.provider}: ${a.error}`).join(' ')}`,
      false,
      { cause: lastError },
    );
  }

  /** The speech port for `GET /api/v1/system/engines`; `active` is the engine used for English. */
  async describe(): Promise<EnginePort> {
    const english = await this.choose('en').catch(() => null);
    const configured = this.config.engines;
    const ordered = [
      ...configured.flatMap((id) => this.engines.filter((e) => e.id === id)),
      ...this.engines.filter((e) => !(configured as string[]).includes(e.id)),
    ];
    const implementations = await Promise.all(
      ordered.map(async (engine): Promise<EngineImplementation> => {
        const status = await engine.status();
        const position = (configured as string[]).indexOf(engine.id);
        if (position < 0) {
          const enable = [`Add ${engine.id} to SPEECH_ENGINES`, status.enable].filter(Boolean).join('; ');
          return {
            id: engine.id,
            name: engine.name,
            state: 'disabled',
            detail: `Not in SPEECH_ENGINES. ${status.detail}`,
            enable,
          };
        }
        const active = english?.engine === engine;
        const detail = `${status.detail}. Preference ${position + 1} of ${configured.length}${active ? '; used for English' : ''}`;
        return {
          id: engine.id,
          name: engine.name,
          state: active ? 'active' : status.state,
          detail,
          ...(status.enable ? { enable: status.enable } : {}),
        };
      }),
    );
    return { port: 'Speech', active: english?.engine.id ?? null, implementations };
  }

  /** Releases what the engines hold (the loaded whisper model); call at shutdown. */
  async close(): Promise<void> {
    await Promise.all(this.engines.map((e) => (isClosable(e) ? e.close() : undefined)));
  }

  /** The usable engines in order, each with the sentence explaining why it is there. */
  private async plan(language: string, options: ChooseOptions): Promise<SpeechChoice[]> {
    let candidates = await this.candidates(language);
    const notes: string[] = [];
    if (/^en(-|_|$)/i.test(language) && options.useWhisperForEnglish === false) {
      const whisper = candidates.filter((c) => c.engine.id === 'whisper');
      if (whisper.length) notes.push('use_whisper_for_english is off, so whisper comes last');
      candidates = [...candidates.filter((c) => c.engine.id !== 'whisper'), ...whisper];
    }
    const plan: SpeechChoice[] = [];
    for (const { engine, supported, status } of candidates) {
      if (!supported) notes.push(`${engine.id} does not support ${language}`);
      else if (status.state === 'disabled') notes.push(`${engine.id} not configured`);
      else if (status.state === 'missing') notes.push(`${engine.id} unavailable (${status.detail})`);
      else {
        const place = `${plan.length ? 'next' : 'first'} configured engine that supports ${language} and is available`;
        const reason = notes.length ? `${notes.join('; ')} — ${place}` : place;
        plan.push({ engine, reason: `${engine.id}: ${reason}` });
      }
    }
    return plan;
  }

  private async candidates(language: string): Promise<Candidate[]> {
    const engines = this.config.engines.flatMap((id) => this.engines.filter((e) => e.id === id));
    return Promise.all(
      engines.map(async (engine) => {
        const supported = engine.supports(language);
        const status: SpeechEngineStatus = supported
          ? await engine.status()
          : { state: 'missing', detail: '' };
        return { engine, supported, status };
      }),
    );
  }

  /** The error for a language nothing here can serve, saying what would make it work. */
  private async noEngine(language: string): Promise<SpeechEngineError> {
    const hints: string[] = [];
    for (const engine of this.engines) {
      if (!engine.supports(language)) continue;
      const status = await engine.status();
      if (!(this.config.engines as string[]).includes(engine.id)) {
        const also =
          status.state === 'available' || !status.enable ? '' : `, and ${lowerFirst(status.enable)}`;
        hints.push(`add ${engine.id} to SPEECH_ENGINES (${ENGINE_HINTS[engine.id] ?? engine.name})${also}`);
      } else if (status.state === 'missing') {
        hints.push(`${engine.id}: ${status.detail}${status.enable ? ` — ${status.enable}` : ''}`);
      } else if (status.state === 'disabled' && status.enable) {
        hints.push(`${engine.id}: ${lowerFirst(status.enable)}`);
      }
    }
    const what = hints.length ? ` To enable one: ${hints.join('; ')}.` : '';
    return new SpeechEngineError(
      `No speech engine on this server can transcribe ${languageName(language)} (${language}).${what}`,
      false,
    );
  }
}

interface Closable {
  close(): Promise<void>;
}

function isClosable(engine: SpeechEngine): engine is SpeechEngine & Closable {
  return typeof (engine as Partial<Closable>).close === 'function';
}

/** "Spanish" for `es-ES`; the code itself when the name is unknown. */
export function languageName(language: string): string {
  if (isAutoLanguage(language)) return 'an automatically detected language';
  const primary = language.split(/[-_]/)[0] ?? language;
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(primary) ?? language;
  } catch {
    return language;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
