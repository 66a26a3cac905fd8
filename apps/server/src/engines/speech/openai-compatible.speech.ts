import { setTimeout as sleep } from 'node:timers/promises';
import { primaryLanguage, type Segment } from '@voxpress/contracts';
import type { SpeechConfig } from '../../config/config.ts';
import { describeNetworkError } from './network-errors.ts';
import { parseTranscription, type Transcribed } from './openai-response.ts';
import {
  type SpeechEngine,
  SpeechEngineError,
  type SpeechEngineStatus,
  SpeechEngineUnavailableError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import type { SpeechLogger } from './speech-logger.ts';
import { planWavPieces, readWavPiece } from './wav-pieces.ts';
import { isAutoLanguage } from './whisper-languages.ts';

/** Room left in `maxBytes` for the multipart framing and the other fields. */
const MULTIPART_SLACK = 16 * 1024;
/** Longest piece sent in one request, whatever the size limit: fetch waits 5 min for an answer. */
const MAX_PIECE_S = 300;

/** Tuning knobs, mostly for tests. */
export interface OpenAiCompatibleOptions {
  /** Waits before retrying a piece after a transient failure, once earlier pieces succeeded. */
  retryDelaysMs?: number[];
}

/**
 * Any server speaking OpenAI's `POST /audio/transcriptions` (OpenAI, Groq, speaches, LocalAI):
 * multipart with the WAV, `model`, `language` and `response_format=verbose_json` for timed
 * segments (plain `json` when the server refuses it). Audio larger than OPENAI_STT_MAX_BYTES is
 * sent in pieces cut at quiet moments, and their segments are shifted to the piece's start.
 */
export class OpenAiCompatibleSpeechEngine implements SpeechEngine {
  readonly id = 'openai';
  readonly kind = 'speech' as const;
  readonly name = 'OpenAI-compatible speech API';
  /** Learned from the first refusal, then used for every request. */
  private format: 'verbose_json' | 'json' = 'verbose_json';

  constructor(
    private readonly config: SpeechConfig['openai'],
    private readonly logger: SpeechLogger,
    private readonly options: OpenAiCompatibleOptions = {},
  ) {}

  /** Any language: the server decides (whether it is configured at all is its status). */
  supports(_language: string): boolean {
    return true;
  }

  languages(): null {
    return null;
  }

  async status(): Promise<SpeechEngineStatus> {
    if (!this.config) {
      return {
        state: 'missing',
        reason: 'No OpenAI-compatible speech server is configured',
        detail: 'Not configured',
        hint: 'Set OPENAI_STT_BASE_URL (e.g. https://api.openai.com/v1, https://api.groq.com/openai/v1 or a speaches/LocalAI server), OPENAI_STT_API_KEY and OPENAI_STT_MODEL',
      };
    }
    const key = this.config.apiKey ? 'with an API key' : 'without an API key';
    return {
      state: 'ready',
      reason: `Model ${this.config.model} on the configured speech server`,
      detail: `Model ${this.config.model} at ${this.config.baseUrl}, ${key}`,
    };
  }

  async transcribe(request: SpeechRequest): Promise<SpeechResult> {
    const config = this.config;
    if (!config) throw new SpeechEngineUnavailableError('No OpenAI-compatible speech server is configured.');
    const { info, pieces } = await planWavPieces(request.wavPath, {
      maxFileBytes: config.maxBytes - MULTIPART_SLACK,
      maxSeconds: MAX_PIECE_S,
    });
    const auto = isAutoLanguage(request.language);
    const language = auto ? null : primaryLanguage(request.language);
    const heard: Array<Transcribed & { startS: number; durationS: number }> = [];
    for (const [index, piece] of pieces.entries()) {
      const wav = await readWavPiece(request.wavPath, info, piece);
      const result = await this.withRetries(index > 0, request.signal, () =>
        this.send(config, wav, language, `piece-${index + 1}.wav`, request.signal),
      );
      heard.push({ ...result, startS: piece.startS, durationS: piece.durationS });
      request.onProgress((index + 1) / pieces.length);
    }
    const segments: Segment[] = heard.flatMap((h) => {
      if (h.segments.length)
        return h.segments.map((s) => ({ ...s, start: s.start + h.startS, end: s.end + h.startS }));
      // A plain `json` answer has no timing: the piece is one segment.
      return h.text ? [{ start: h.startS, end: h.startS + h.durationS, text: h.text }] : [];
    });
    const confidences = heard.map((h) => h.confidence).filter((c): c is number => c !== null);
    return {
      text: heard
        .map((h) => h.text)
        .filter(Boolean)
        .join(' '),
      language: auto ? (heard.find((h) => h.language)?.language ?? 'auto') : request.language,
      segments,
      confidence: confidences.length
        ? round(confidences.reduce((a, b) => a + b, 0) / confidences.length)
        : null,
      model: config.model,
    };
  }

  /** One request; a refused `verbose_json` switches to `json` and tries again. */
  private async send(
    config: NonNullable<SpeechConfig['openai']>,
    wav: Uint8Array<ArrayBuffer>,
    language: string | null,
    fileName: string,
    signal: AbortSignal,
  ): Promise<Transcribed> {
    const form = new FormData();
    form.append('file', new Blob([wav], { type: 'audio/wav' }), fileName);
    form.append('model', config.model);
    if (language) form.append('language', language);
    form.append('response_format', this.format);
    const where = config.baseUrl;
    let res: Response;
    try {
      res = await fetch(`${where}/audio/transcriptions`, {
        method: 'POST',
        body: form,
        headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        signal,
      });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      throw new SpeechEngineError(
        `The speech server at ${where} could not be reached: ${describeNetworkError(err)}`,
        true,
        { cause: err, userMessage: 'The speech server could not be reached.' },
      );
    }
    const body = await res.text().catch(() => '');
    if (res.ok) {
      const parsed = parseTranscription(body, res.headers.get('content-type'));
      if (parsed) return parsed;
      throw new SpeechEngineError(
        `The speech server at ${where} answered something that is not a transcription.`,
        false,
        { userMessage: 'The speech server answered something that is not a transcription.' },
      );
    }
    const message = serverMessage(body);
    const said = message ? `: ${message}` : '';
    const status = `${res.status}${said}`;
    if (
      this.format === 'verbose_json' &&
      (res.status === 400 || res.status === 422) &&
      /response_format|verbose_json/i.test(message)
    ) {
      this.logger.info(
        { server: where, status: res.status },
        'speech server refuses verbose_json; using json',
      );
      this.format = 'json';
      return this.send(config, wav, language, fileName, signal);
    }
    if (res.status === 401 || res.status === 403) {
      throw new SpeechEngineUnavailableError(
        `The speech server at ${where} refused the API key (${status}). Check OPENAI_STT_API_KEY.`,
        { userMessage: 'The speech server refused the API key it was given.' },
      );
    }
    if (res.status === 404) {
      throw new SpeechEngineUnavailableError(
        `The speech server at ${where} has no /audio/transcriptions or no model ${config.model} (${status}). Check OPENAI_STT_BASE_URL and OPENAI_STT_MODEL.`,
        { userMessage: 'The speech server does not offer the configured model.' },
      );
    }
    if (res.status === 408 || res.status === 429 || res.status >= 500) {
      throw new SpeechEngineError(`The speech server at ${where} is busy or failing (${status}).`, true, {
        userMessage: 'The speech server is busy or failing.',
      });
    }
    if (res.status === 413) {
      throw new SpeechEngineError(
        `The speech server at ${where} found the audio too large (${status}). Lower OPENAI_STT_MAX_BYTES.`,
        false,
        { userMessage: 'The speech server found the audio too large.' },
      );
    }
    throw new SpeechEngineError(`The speech server at ${where} rejected the audio (${status}).`, false, {
      userMessage: `The speech server rejected the audio (${res.status}).`,
    });
  }

  /**
   * Retries a piece after a transient failure, but only once earlier pieces succeeded: a failure
   * on the first goes straight to the job (which retries the whole file with backoff).
   */
  private async withRetries<T>(started: boolean, signal: AbortSignal, attempt: () => Promise<T>): Promise<T> {
    const delays = started ? (this.options.retryDelaysMs ?? [2000, 5000]) : [];
    for (let i = 0; ; i++) {
      try {
        return await attempt();
      } catch (err) {
        const delay = delays[i];
        if (delay === undefined || !(err instanceof SpeechEngineError) || !err.retryable) throw err;
        this.logger.warn({ err }, `speech server failed; retrying the piece in ${delay} ms`);
        await sleep(delay, undefined, { signal });
      }
    }
  }
}

/** The error text of a JSON error body (`{"error":{"message"}}`, `{"detail"}`, `{"message"}`) or the raw text. */
function serverMessage(body: string): string {
  try {
    const json = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      detail?: unknown;
      message?: unknown;
    };
    const candidate =
      (typeof json.error === 'object' ? json.error?.message : json.error) ?? json.detail ?? json.message;
    if (candidate !== undefined)
      return (typeof candidate === 'string' ? candidate : JSON.stringify(candidate)).slice(0, 300);
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 300);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
