import type { ContentBlock, ContentTranslation } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredContentBody } from '../../db/json-columns.ts';
import { EngineError, userMessageOf } from '../../engines/engine.ts';
import { languageName } from '../../engines/translator/languages.ts';
import { offLanguageParagraphs } from '../../engines/translator/output-language.ts';
import type { TranslatorRouter } from '../../engines/translator/translator-router.ts';
import { bodyFrom } from '../../engines/writer/content-body.ts';
import type { contentTranslateJob } from '../../jobs/content-translate.job.ts';
import { type ContentPipeline, WRITE_SHARE } from '../../pipeline/content-pipeline.ts';
import type { JobContext, JobPayload } from '../../queue/queue.ts';
import { PermanentJobError } from '../../queue/queue.ts';
import type { ContentRepository, ContentRow } from '../../repositories/content.repository.ts';

export interface TranslateDeps {
  content: ContentRepository;
  translators: TranslatorRouter;
  pipeline: ContentPipeline;
  logger: FastifyBaseLogger;
}

type TitledBlock = ContentBlock | { type: 'title'; text: string; segment_ids: number[]; start: null };

/**
 * The translate stage: every language after the first, translated from the written piece in turn
 * (headings, lists and each block's link to the recording kept). Each language ends `completed`
 * or `failed` on its own; a language no translator serves fails with "… translation is not
 * available." and never holds a copy of the source. A run that starts again skips the languages
 * already done.
 */
export class TranslateService {
  constructor(private readonly deps: TranslateDeps) {}

  async run(job: JobContext<JobPayload<typeof contentTranslateJob>>): Promise<void> {
    const { pipeline } = this.deps;
    const piece = await this.deps.content.findById(job.payload.contentId);
    if (!piece) throw new PermanentJobError('The content was deleted before it could be translated');
    const body = piece.body;
    if (!body) throw new PermanentJobError('The content has not been written yet');
    const done = piece.translations;
    const others = piece.languages.filter((l) => l !== piece.language);
    try {
      for (const [i, language] of others.entries()) {
        if (done[language]?.status === 'completed') continue;
        const percent = WRITE_SHARE + (i / others.length) * (100 - WRITE_SHARE);
        const message = `Translating into ${languageName(language)}...`;
        await job.progress(percent, message);
        await pipeline.progress(piece.id, percent, message);
        const entry = await this.translate(piece, body, language, job.signal);
        await pipeline.translated(job, piece.id, language, entry);
      }
    } catch (err) {
      // A language that fails on its own is stored as failed above; this is the stage itself
      // failing (the database away, the run stopped): the last attempt fails what is left.
      if (job.attempt >= job.maxAttempts && !job.signal.aborted)
        await pipeline.failed(job, piece.id, userMessageOf(err, 'Content enhancement failed'));
      throw err;
    }
    await pipeline.translatedAll(job, piece.id);
  }

  /** One language: the translated title and blocks (with their grounding), or why not. */
  private async translate(
    piece: ContentRow,
    body: StoredContentBody,
    target: string,
    signal: AbortSignal,
  ): Promise<ContentTranslation> {
    const input: TitledBlock[] = [
      { type: 'title', text: body.title, segment_ids: [], start: null },
      ...body.blocks,
    ];
    try {
      let untranslated: string[][] = [];
      const routed = await this.deps.translators.translate({
        source: piece.language,
        target,
        blocks: input,
        signal,
        onUntranslated: (words) => {
          untranslated = words;
        },
      });
      const checked = checkTranslation(
        routed.blocks.map((b) => b.text),
        piece.language,
        target,
        untranslated,
      );
      if (checked.quality === 'rejected') {
        this.deps.logger.info(
          { contentId: piece.id, target, detail: checked.warning },
          'translation rejected',
        );
        return failedTranslation(checked.warning ?? `The ${languageName(target)} translation was not kept.`);
      }
      const [translatedTitle, ...rest] = routed.blocks;
      const translated = bodyFrom({
        title: translatedTitle?.text ?? body.title,
        blocks: rest as ContentBlock[],
        key_points: [],
        quotes: [],
        keywords: [],
        details: null,
      });
      return {
        title: translated.title,
        text: translated.text,
        status: 'completed',
        method: 'machine',
        service: routed.engine,
        reason: routed.reason,
        error: null,
        blocks: translated.blocks,
        metadata: { word_count: translated.word_count },
        quality: checked.quality,
        warning: checked.warning,
      };
    } catch (err) {
      if (signal.aborted || !(err instanceof EngineError)) throw err;
      this.deps.logger.info({ contentId: piece.id, target, detail: err.message }, 'translation failed');
      return failedTranslation(err.userMessage);
    }
  }
}

function failedTranslation(error: string): ContentTranslation {
  return {
    title: '',
    text: '',
    status: 'failed',
    method: 'machine',
    service: null,
    reason: null,
    error,
    blocks: [],
    metadata: { word_count: 0 },
  };
}

/**
 * Whether a translation reads as `target`: each paragraph is identified (franc-min); words of a
 * pivot language the translator left in count too. Most paragraphs in another language: it is not
 * kept. Some: kept, marked low quality with a warning saying what is wrong.
 */
export function checkTranslation(
  texts: readonly string[],
  source: string,
  target: string,
  untranslated: readonly (readonly string[])[],
): { quality: 'ok' | 'low' | 'rejected'; warning: string | null } {
  const name = languageName(target);
  const off = offLanguageParagraphs(texts, target, [source, 'es']);
  const judged = texts.filter((t) => t.trim().length >= 24).length;
  if (judged > 0 && off.length * 2 > judged) {
    return {
      quality: 'rejected',
      warning: `The ${name} translation did not read as ${name} (${off.length} of ${judged} paragraphs), so it was not kept.`,
    };
  }
  const problems: string[] = [];
  if (off.length) {
    const as = [...new Set(off.map((o) => languageName(o.readsAs)))].join(', ');
    problems.push(`${off.length} of ${judged} paragraphs read as ${as}, not ${name}`);
  }
  const left = [...new Set(untranslated.flat().map((w) => w.toLowerCase()))];
  if (left.length)
    problems.push(`words left untranslated from the language it went through: ${left.join(', ')}`);
  return problems.length
    ? { quality: 'low', warning: `Low-quality ${name} translation: ${problems.join('; ')}.` }
    : { quality: 'ok', warning: null };
}
