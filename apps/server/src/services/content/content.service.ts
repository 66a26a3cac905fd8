import type {
  Content,
  ContentBlock,
  ContentEdit,
  ContentList,
  ContentTranslation,
  EnhanceResponse,
  zEnhanceRequest,
} from '@voxpress/contracts';
import type { z } from 'zod';
import { languageName } from '../../engines/translator/languages.ts';
import { composerArranges } from '../../engines/writer/composer/index.ts';
import { countBodyWords } from '../../engines/writer/content-body.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type ContentVersion, toContent } from '../../mappers/content-mapper.ts';
import type { ContentPipeline } from '../../pipeline/content-pipeline.ts';
import type { ContentRepository, ContentRow } from '../../repositories/content.repository.ts';
import type { TranscriptionsRepository } from '../../repositories/transcriptions.repository.ts';

const MAX_VERSIONS = 50;

export interface ContentServiceDeps {
  content: ContentRepository;
  transcriptions: TranscriptionsRepository;
  /** Owns a piece's stages: asking for one starts its write stage. */
  pipeline: ContentPipeline;
  /** Whether a language model would write (it takes longer than the composer). */
  usesLanguageModel(): Promise<boolean>;
  /** The `targets` no translator on this server serves from `source` (none: all can be made). */
  untranslatable(source: string, targets: readonly string[]): Promise<string[]>;
}

const contentNotFound = () => notFound('Content not found', 'content_not_found');

/** Asking for content, reading it, editing it and deleting it. Writing happens in the pipeline's stages. */
export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** `POST /content/enhance`: starts writing (then translating) one piece; 202 with its id. */
  async enhance(userId: string, request: z.output<typeof zEnhanceRequest>): Promise<EnhanceResponse> {
    const source = await this.deps.transcriptions.findOwned(userId, request.transcription_id);
    if (!source) throw notFound('No transcription available', 'transcription_not_found');
    const [written, ...translated] = request.language;
    const missing = await this.deps.untranslatable(written ?? 'en', translated);
    if (missing.length) throw translationUnavailable(written ?? 'en', missing);
    const llm = await this.deps.usesLanguageModel();
    // The built-in composer arranges the speaker's sentences; a type it cannot make is refused, not faked.
    if (!llm && !composerArranges(request.content_type)) throw needsLanguageModel(request.content_type);
    const row = await this.deps.pipeline.start({
      userId,
      transcriptionId: source.id,
      contentType: request.content_type,
      title: request.title ?? null,
      languages: request.language,
      keywords: request.keywords ?? [],
      platforms: request.target_blog_platforms ?? [],
    });
    const words = countBodyWords(source.editedText ?? source.originalText);
    // The composer takes well under a second; a model about a second per 40 words; a translation a few seconds.
    const estimated = Math.round((llm ? 10 + words / 40 : 5) + (request.language.length - 1) * 5);
    return {
      data: {
        transcription_id: source.id,
        content_id: row.id,
        status: 'processing',
        estimated_time: estimated,
      },
      message: 'Content enhancement started',
    };
  }

  async list(
    userId: string,
    query: { page: number; limit: number; transcriptionId?: string | undefined },
  ): Promise<ContentList> {
    const { items, total } = await this.deps.content.list(userId, query);
    return {
      items: items.map(toContent),
      total,
      page: query.page,
      limit: query.limit,
      pages: Math.ceil(total / query.limit),
    };
  }

  async get(userId: string, id: string): Promise<Content> {
    return toContent(await this.owned(userId, id));
  }

  /** Every piece written from one transcript (or document), newest first. */
  async forTranscription(userId: string, transcriptionId: string): Promise<Content[]> {
    if (!(await this.deps.transcriptions.findOwned(userId, transcriptionId)))
      throw notFound('No transcription available', 'transcription_not_found');
    const { items } = await this.deps.content.list(userId, { page: 1, limit: 100, transcriptionId });
    return items.map(toContent);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.deps.content.delete(userId, id))) throw contentNotFound();
  }

  /**
   * Saves an edit of one language's title or text. The replaced version joins the history; an
   * edit made on an older revision than the stored one is refused, so two tabs cannot silently
   * overwrite each other.
   */
  async edit(userId: string, id: string, edit: ContentEdit): Promise<Content> {
    const row = await this.owned(userId, id);
    const language = edit.language?.toLowerCase() ?? row.language;
    const current = row.translations[language];
    if (current?.status !== 'completed')
      throw new HttpError(
        400,
        'bad_request',
        `This content has no ${languageName(language)} version to edit.`,
        {
          language,
        },
      );
    if (edit.revision !== row.revision) throw stale(row);
    // A model's answer may start with a bare "None" line (spec §5): never keep it.
    const text = edit.text === undefined ? current.text : edit.text.replace(/^None\s*\n+/, '');
    const title = edit.title ?? current.title;
    if (text === current.text && title === current.title) return toContent(row);
    const next: ContentTranslation = {
      ...current,
      title,
      text,
      blocks: text === current.text ? current.blocks : regroundBlocks(text, current.blocks),
      metadata: { word_count: countBodyWords(text) },
    };
    const version: ContentVersion = {
      language,
      title: current.title,
      text: current.text,
      saved_at: row.updatedAt.toISOString(),
    };
    const updated = await this.deps.content.updateAtRevision(row.id, row.revision, {
      translations: { ...row.translations, [language]: next },
      versions: [version, ...row.versions].slice(0, MAX_VERSIONS),
      ...(language === row.language ? { title } : {}),
    });
    if (!updated) throw stale(row);
    return toContent(updated);
  }

  /** The owner's piece, or 404 whether it is missing or someone else's. */
  async owned(userId: string, id: string): Promise<ContentRow> {
    const row = await this.deps.content.findOwned(userId, id);
    if (!row) throw contentNotFound();
    return row;
  }
}

/** 422 before anything starts: a language no translator here serves is never accepted and failed later. */
function translationUnavailable(source: string, languages: string[]): HttpError {
  const names = languages.map(languageName).join(', ');
  return new HttpError(
    422,
    'translation_unavailable',
    `No translator on this server translates ${languageName(source)} into ${names}. Choose other languages, or ask your administrator to enable a translator for ${languages.length > 1 ? 'them' : 'it'}.`,
    { source, languages: languages.join(',') },
  );
}

/** 422 before anything starts: the type must be written by a language model and none is ready. */
function needsLanguageModel(type: string): HttpError {
  const name = type.replace(/_/g, ' ');
  return new HttpError(
    422,
    'content_type_needs_language_model',
    `A ${name} has to be written by a language model, and none is ready on this server. The built-in composer only arranges the speaker's own sentences: choose a blog post, clean transcript, recipe, tutorial or meeting notes, or ask your administrator to set up a language model.`,
    { content_type: type },
  );
}

const stale = (row: ContentRow) =>
  new HttpError(
    409,
    'conflict',
    'This content was changed elsewhere since you opened it. Reload to see the latest version.',
    { revision: row.revision },
  );

/**
 * Blocks for an edited text: each paragraph the edit left as it was keeps its sources; new or
 * reworded paragraphs have none (they no longer rest on the recording as such).
 */
function regroundBlocks(text: string, before: readonly ContentBlock[]): ContentBlock[] {
  const byText = new Map(before.map((b) => [b.text.trim(), b]));
  return (
    text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      // A list is one chunk of Markdown, one line per item.
      .flatMap((p) => (p.split('\n').every((l) => LIST_ITEM.test(l)) ? p.split('\n') : [p]))
      .map((p): ContentBlock => {
        const heading = /^#{1,6}\s+/.test(p);
        const plain = p.replace(/^#{1,6}\s+/, '').replace(LIST_ITEM, '');
        const kept = byText.get(plain);
        if (kept) return kept;
        const type = heading
          ? 'heading'
          : /^\d+\.\s/.test(p)
            ? 'numbered'
            : /^[-*]\s/.test(p)
              ? 'bullet'
              : 'paragraph';
        return { type, text: plain, segment_ids: [], start: null };
      })
  );
}

const LIST_ITEM = /^\s*(?:[-*]|\d+\.)\s+/;
