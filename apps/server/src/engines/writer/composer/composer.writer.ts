import type { Engine, EngineStatus } from '../../engine.ts';
import { composeContent } from './compose.ts';
import { type ComposedContent, type ComposeRequest, zComposeRequest } from './composed-content.schema.ts';
import { loadEnglishModel } from './english-nlp.ts';

/**
 * The built-in writer: used when no language model is configured, or when the configured ones
 * fail. Offline, deterministic and fast (a five-minute recording in well under a second); it
 * writes only sentences the speaker said, each pointing at the transcript segments it rests on.
 * Engine kind `writer`, id `composer`; it is always `ready`, so it makes a safe last entry in
 * the writer order.
 */
export class BuiltInComposer implements Engine {
  readonly id = 'composer';
  readonly kind = 'writer' as const;
  readonly name = 'Built-in composer (offline)';

  /** Any language: best for the ten content languages, sentence-splitting only for the rest. */
  supports(_language: string): boolean {
    return true;
  }

  async status(): Promise<EngineStatus> {
    return {
      state: 'ready',
      reason: 'Always available: arranges the recording\u2019s own sentences, without rewriting them.',
      detail: 'Offline: Intl.Segmenter, wink-nlp (English), TextRank; no model or server needed',
      hint: 'Configure a language model for rewritten prose; this writer stays as the fallback.',
    };
  }

  /** Loads what the first piece would otherwise wait for (wink-nlp's English model, ~0.1–0.5 s). */
  warmUp(): void {
    loadEnglishModel();
  }

  /** Validates the request (zod) and writes the piece. Synchronous work; resolves at once. */
  async write(request: ComposeRequest): Promise<ComposedContent> {
    return composeContent(zComposeRequest.parse(request));
  }
}
