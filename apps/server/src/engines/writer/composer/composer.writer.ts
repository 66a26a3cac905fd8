import { composeContent } from './compose.ts';
import { type ComposedContent, type ComposeRequest, zComposeRequest } from './composed-content.schema.ts';
import { loadEnglishModel } from './english-nlp.ts';

/** How the composer stands, in the shape engines describe themselves for `GET /api/v1/system/engines`. */
export interface ComposerStatus {
  state: 'available';
  detail: string;
}

/**
 * The built-in writer: used when no language model is configured, or when the configured ones
 * fail. Offline, deterministic and fast (a five-minute recording in well under a second); it
 * writes only sentences the speaker said, each pointing at the transcript segments it rests on.
 * Engine kind `writer`, id `composer`.
 */
export class BuiltInComposer {
  readonly id = 'composer';
  readonly kind = 'writer';
  readonly name = 'Built-in composer (offline, writes only what was said)';

  /** Any language: best for the ten content languages, sentence-splitting only for the rest. */
  supports(_language: string): boolean {
    return true;
  }

  async status(): Promise<ComposerStatus> {
    return {
      state: 'available',
      detail:
        'Always available: arranges the transcript\u2019s own sentences; configure a language model for rewritten prose',
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
