import type { LlmConfig } from '../../config/writing-config.ts';
import { type EngineStatus, EngineUnavailableError } from '../engine.ts';
import { EngineRouter, type Routed, type RouterLogger } from '../engine-router.ts';
import { BuiltInComposer, type ContentType, composerArranges, zContentType } from './composer/index.ts';
import { fromComposed, fromLlm } from './content-body.ts';
import type { LlmWriter } from './llm/llm.writer.ts';
import type { LlmConfigSource } from './llm/llm-providers.ts';
import { createLlmWriters } from './llm/llm-writers.ts';
import { contentTypeTemplate } from './llm/prompts/content-types.ts';
import { sourceSegments } from './llm/transcript-lines.ts';
import type { WriterEngine, WriterRequest, WrittenPiece } from './writer-engine.ts';

/** The built-in composer behind the writer port: always ready, never invents. */
export class ComposerWriterEngine implements WriterEngine {
  readonly kind = 'writer';
  private readonly composer = new BuiltInComposer();
  readonly id = this.composer.id;
  readonly name = this.composer.name;

  status(): Promise<EngineStatus> {
    return this.composer.status();
  }

  async write(request: WriterRequest): Promise<WrittenPiece> {
    const type = zContentType.safeParse(request.contentType);
    // A type that must be written, not arranged, is not faked with a blog post's sentences.
    if (type.success && !composerArranges(type.data)) {
      const message = `The built-in composer does not write ${type.data.replace(/_/g, ' ')}: it needs a language model.`;
      throw new EngineUnavailableError(message, { userMessage: message });
    }
    const piece = await this.composer.write({
      // With their voices, so notes say who said what and attendees are the voices named.
      segments: request.segments.map((s) => ({
        start: s.start,
        end: s.end,
        text: s.text,
        speaker: s.speaker ?? null,
        speaker_name: s.speaker_name ?? null,
      })),
      text: request.text,
      language: request.language,
      ...(type.success ? { content_type: type.data as ContentType } : {}),
      ...(request.title ? { title: request.title } : {}),
      ...(request.sourceTitle ? { source_title: request.sourceTitle } : {}),
      ...(request.keywords?.length ? { keywords: [...request.keywords] } : {}),
    });
    request.onProgress?.(1);
    return { body: fromComposed(piece, request.segments, request.timed), model: null };
  }
}

/** A language model behind the writer port. Its failures hand the piece to the next writer. */
export class LlmWriterEngine implements WriterEngine {
  readonly kind = 'writer';
  constructor(private readonly writer: LlmWriter) {}
  /** The model behind this engine, for other writing than a piece (renditions). */
  get llm(): LlmWriter {
    return this.writer;
  }
  get id(): string {
    return this.writer.id;
  }
  get name(): string {
    return this.writer.name;
  }

  status(): Promise<EngineStatus> {
    return this.writer.status();
  }

  async write(request: WriterRequest): Promise<WrittenPiece> {
    const template = contentTypeTemplate(request.contentType);
    if (!template) throw new EngineUnavailableError(`No prompt for content type ${request.contentType}`);
    // An unreachable model or a refused key is a WriterUnavailableError: the router moves on to
    // the composer. A busy or timed-out model is retried by the job.
    const piece = await this.writer.write({
      template,
      language: request.language,
      title: request.title,
      keywords: request.keywords,
      platforms: request.platforms,
      voice: request.voice,
      segments: sourceSegments(request.segments, request.text),
      signal: request.signal,
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    });
    return { body: fromLlm(piece, request.segments, request.timed, request), model: piece.engine.model };
  }
}

/**
 * Language models first (the configured ones, then Ollama, then the built-in local model once
 * downloaded), the built-in composer last: it always can.
 */
export const WRITER_ORDER = ['openai', 'anthropic', 'ollama', 'local', 'composer'] as const;

/**
 * The `writer` port: the configured language model when one is ready, else the built-in
 * composer; every writer tried, and why, is recorded with the piece.
 */
export class WriterRouter {
  readonly router: EngineRouter<WriterEngine>;

  /** With `source`, the language models follow the settings in force (they may change at run time). */
  constructor(config: LlmConfig, logger: RouterLogger, engines?: WriterEngine[], source?: LlmConfigSource) {
    const all = engines ?? [
      ...createLlmWriters(config, source).map((w) => new LlmWriterEngine(w)),
      new ComposerWriterEngine(),
    ];
    this.router = new EngineRouter<WriterEngine>(
      'writer',
      all,
      WRITER_ORDER,
      {
        orderSetting: 'the writer settings',
        noEngine: (label) => `Writing in ${label} is not available on this server.`,
        noEngineDetail: (label) => `No writer on this server can write ${label}.`,
        allFailed: () => 'Failed to enhance content. Please try again.',
      },
      logger,
    );
  }

  /** The language model that would write now, or null when the built-in composer would. */
  async languageModel(): Promise<LlmWriter | null> {
    const { engine } = await this.router.choose({ label: 'renditions', supports: () => true });
    return engine instanceof LlmWriterEngine ? engine.llm : null;
  }

  write(request: WriterRequest): Promise<Routed<WriterEngine, WrittenPiece>> {
    return this.router.run(
      { label: `${request.contentType} in ${request.language}`, supports: () => true },
      request.signal,
      (engine) => engine.write(request),
    );
  }
}
