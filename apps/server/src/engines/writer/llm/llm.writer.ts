import { z } from 'zod';
import type { Engine, EngineStatus } from '../../engine.ts';
import { type ContentBlock, type Draft, draftSchema, type GroundedText } from './content-draft.ts';
import { blocksToMarkdown, wordCount } from './content-text.ts';
import { mergeDrafts } from './draft-merge.ts';
import { type GroundingReport, groundDraft } from './grounding.ts';
import type { LlmProvider } from './llm-providers.ts';
import { promptOverhead, systemPrompt, userPrompt, type WritingBrief } from './prompt-builder.ts';
import { streamStructured } from './structured-call.ts';
import { estimateTokens, type SourceSegment, splitForContext } from './transcript-lines.ts';
import { WriterError, WriterUnavailableError } from './writer-errors.ts';

/** A request to write one piece of one content type. */
export interface WriteRequest extends WritingBrief {
  /** The transcript as citable segments (see `sourceSegments`). */
  segments: readonly SourceSegment[];
  signal: AbortSignal;
  /** 0–1, from the answer streaming in (and the parts done, for a long transcript). */
  onProgress?(fraction: number): void;
}

/** One written piece: structured, rendered, and tied to the transcript. */
export interface WrittenContent {
  title: string;
  language: string;
  content_type: string;
  prompt_version: number;
  /** Headings, paragraphs and list items in order, each with the segment ids it rests on. */
  blocks: ContentBlock[];
  key_points: GroundedText[];
  /** Only quotes found in the transcript, with the segments they span. */
  quotes: GroundedText[];
  /** The content type's own fields (recipe, tutorial steps, meeting data...), or null. */
  details: unknown;
  /** The blocks as Markdown. */
  text: string;
  word_count: number;
  grounding: GroundingReport & { parts: number };
  engine: { provider: string; model: string };
}

export interface LlmWriterOptions {
  /** The model's context window in tokens (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
  timeoutMs: number;
  maxRetries: number;
  /** Times an answer that is not the JSON asked for is requested again. Default 1. */
  invalidOutputRetries?: number;
}

/** Most tokens asked for in one answer; a long transcript is written in parts instead. */
const MAX_OUTPUT_TOKENS = 4096;
/** Tokens kept free for the model's own framing of the messages. */
const CONTEXT_MARGIN = 256;

/**
 * A writer backed by a language model (an OpenAI-compatible server, Anthropic or Ollama). It
 * sends the transcript as `#id [hh:mm:ss] text` lines with the content type's versioned prompt,
 * streams a structured answer validated with zod, and holds it to the transcript (see
 * `groundDraft`). A transcript longer than the context allows is written in parts, then merged.
 */
export class LlmWriter implements Engine {
  readonly kind = 'writer' as const;

  constructor(
    readonly provider: LlmProvider,
    private readonly options: LlmWriterOptions,
  ) {}

  get id(): string {
    return this.provider.id;
  }

  get name(): string {
    return `${this.provider.name} (language model)`;
  }

  status(): Promise<EngineStatus> {
    return this.provider.status();
  }

  /** Any language: the model decides how well it writes it. */
  supports(_language: string): boolean {
    return true;
  }

  async write(request: WriteRequest): Promise<WrittenContent> {
    if (request.segments.length === 0)
      throw new WriterError('invalid_output', 'The transcript is empty: nothing to write from.');
    let resolved: Awaited<ReturnType<LlmProvider['resolve']>>;
    try {
      resolved = await this.provider.resolve();
    } catch (err) {
      throw new WriterUnavailableError(
        `${this.provider.name}: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    const template = request.template;
    const schema = draftSchema(template.details ?? z.null());
    const { outputTokens, parts } = this.plan(request);
    const system = systemPrompt(request);
    const drafts: Draft[] = [];
    let reported = 0;
    const report = (fraction: number) => {
      if (fraction <= reported) return;
      reported = fraction;
      request.onProgress?.(fraction);
    };
    for (const [index, segments] of parts.entries()) {
      // Expected answer length: about the transcript part's, within what was asked for.
      const expected = Math.min(
        Math.max(
          segments.reduce((n, s) => n + s.text.length, 0),
          800,
        ),
        outputTokens * 3.5,
      );
      const draft = await streamStructured({
        model: resolved.model,
        service: resolved.service,
        schema,
        system,
        prompt: userPrompt(request, segments, { index, count: parts.length }),
        maxOutputTokens: outputTokens,
        timeoutMs: this.options.timeoutMs,
        maxRetries: this.options.maxRetries,
        invalidOutputRetries: this.options.invalidOutputRetries ?? 1,
        signal: request.signal,
        onOutput: (chars) => report((index + Math.min(0.95, chars / expected)) / parts.length),
      });
      drafts.push(draft as Draft);
      report((index + 1) / parts.length);
    }
    const { draft, report: grounding } = groundDraft(mergeDrafts(drafts), request.segments);
    return {
      title: request.title?.trim() || draft.title.trim(),
      language: request.language,
      content_type: template.type,
      prompt_version: template.version,
      blocks: draft.blocks,
      key_points: draft.key_points,
      quotes: draft.quotes,
      details: draft.details ?? null,
      text: blocksToMarkdown(draft.blocks),
      word_count: wordCount(draft.blocks),
      grounding: { ...grounding, parts: parts.length },
      engine: { provider: this.provider.id, model: resolved.modelId },
    };
  }

  /** How many tokens to ask for, and the transcript cut into parts that fit beside them. */
  private plan(request: WriteRequest): { outputTokens: number; parts: SourceSegment[][] } {
    const context = this.options.contextTokens;
    const outputTokens = Math.min(MAX_OUTPUT_TOKENS, Math.floor(context * 0.35));
    const overhead = estimateTokens(promptOverhead(request));
    const budget = Math.max(200, context - outputTokens - overhead - CONTEXT_MARGIN);
    return { outputTokens, parts: splitForContext(request.segments, budget) };
  }
}
