import type { CustomPlatform, Rendition, RenditionEdit, RenditionList } from '@voxpress/contracts';
import { RENDITION_PLATFORMS } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { EngineError } from '../../engines/engine.ts';
import { composeRendition } from '../../engines/writer/renditions/compose-renditions.ts';
import { llmRendition } from '../../engines/writer/renditions/llm-renditions.ts';
import {
  checkParts,
  namedPlatform,
  type PlatformRules,
  rulesFor,
} from '../../engines/writer/renditions/platform-rules.ts';
import type { RenditionDraft, RenditionSource } from '../../engines/writer/renditions/rendition-source.ts';
import type { WriterRouter } from '../../engines/writer/writer-router.ts';
import type { RenditionJobPayload } from '../../jobs/renditions.job.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { markdownToHtml } from '../../lib/markdown.ts';
import type { ContentPipeline } from '../../pipeline/content-pipeline.ts';
import type { JobContext } from '../../queue/queue.ts';
import { PermanentJobError } from '../../queue/queue.ts';
import type { ContentRepository, ContentRow } from '../../repositories/content.repository.ts';
import type { RenditionRow, RenditionsRepository } from '../../repositories/renditions.repository.ts';
import type { UsersRepository } from '../../repositories/users.repository.ts';
import type { ContentService } from '../content/content.service.ts';
import { readyLanguage } from './piece-language.ts';

export interface RenditionServiceDeps {
  content: ContentService;
  contentRows: ContentRepository;
  renditions: RenditionsRepository;
  users: UsersRepository;
  writer: WriterRouter;
  /** Starts a language's render stage (its run and its job). */
  pipeline: ContentPipeline;
  llm: { timeoutMs: number; maxRetries: number };
  logger: FastifyBaseLogger;
}

/**
 * Renditions of a piece per platform and language. They are made by a durable job when first
 * asked for (no model time is spent on pieces nobody opens), by the writer in use: a language
 * model when one is configured, the built-in composer otherwise or when the model fails. Every
 * rendition is checked against its platform's limits in code, whoever wrote it; hand edits are
 * checked the same way and refused with a 422 that names the post and the limit.
 */
export class RenditionService {
  constructor(private readonly deps: RenditionServiceDeps) {}

  async list(userId: string, contentId: string, language: string | undefined): Promise<RenditionList> {
    const row = await this.deps.content.owned(userId, contentId);
    const { language: lang } = readyLanguage(row, language);
    const platforms = await this.platforms(row);
    const stored = await this.deps.renditions.list(row.id, lang);
    const byPlatform = new Map(stored.map((r) => [r.platform, r]));
    const missing = platforms.filter((p) => !byPlatform.has(p.platform));
    let run = await this.deps.renditions.run(row.id, lang);
    if (missing.length && run?.status !== 'pending' && run?.status !== 'failed') {
      await this.deps.pipeline.render(row, lang, { force: false });
      run = await this.deps.renditions.run(row.id, lang);
    }
    const items = platforms.flatMap((p) => {
      const r = byPlatform.get(p.platform);
      return r ? [toRendition(r, row, p)] : [];
    });
    const status: RenditionList['status'] =
      run?.status === 'pending'
        ? 'pending'
        : !missing.length
          ? 'ready'
          : run?.status === 'failed'
            ? 'failed'
            : 'pending';
    return { items, status, error: status === 'failed' ? (run?.error ?? null) : null };
  }

  /** Saves the user's wording of one rendition once it keeps the platform's limits. */
  async edit(userId: string, contentId: string, platform: string, edit: RenditionEdit): Promise<Rendition> {
    const row = await this.deps.content.owned(userId, contentId);
    const { language } = readyLanguage(row, edit.language);
    const rules = find(await this.platforms(row, userId), platform);
    if (!rules) throw notFound(`This content has no ${platform} rendition.`, 'rendition_not_found');
    const parts = edit.parts.map((p) => p.replace(/\r\n?/g, '\n').trim());
    const problems = checkParts(rules, parts);
    const [first] = problems;
    // Part 0 is the rendition as a whole: it has more posts than the platform takes.
    if (first?.part === 0)
      throw new HttpError(422, 'rendition_too_many_posts', `${first.message}.`, {
        platform: rules.platform,
        length: first.length,
        limit: first.limit,
      });
    if (first)
      throw new HttpError(422, 'rendition_too_long', `${first.message}.`, {
        platform: rules.platform,
        part: first.part,
        length: first.length,
        limit: first.limit,
      });
    const saved = await this.deps.renditions.save({
      contentId: row.id,
      language,
      platform: rules.platform,
      parts,
      html: rules.kind === 'article' ? markdownToHtml(parts[0] ?? '') : null,
      charLimit: rules.limit,
      source: 'edited',
      edited: true,
      style: rules.style,
      sourceRevision: row.revision,
    });
    return toRendition(saved, row, rules);
  }

  /** Makes one or every rendition of a language again (hand edits included). */
  async regenerate(
    userId: string,
    contentId: string,
    language: string,
    platform?: string,
  ): Promise<RenditionList> {
    const row = await this.deps.content.owned(userId, contentId);
    const { language: lang } = readyLanguage(row, language);
    const platforms = await this.platforms(row, userId);
    const one = platform ? find(platforms, platform) : undefined;
    if (platform && !one) throw notFound(`This content has no ${platform} rendition.`, 'rendition_not_found');
    await this.deps.pipeline.render(row, lang, { platforms: one ? [one.platform] : undefined, force: true });
    return this.list(userId, contentId, lang);
  }

  customPlatforms(userId: string) {
    return this.deps.renditions.customPlatforms(userId);
  }

  saveCustomPlatform(userId: string, platform: CustomPlatform) {
    return this.deps.renditions.saveCustomPlatform(
      userId,
      platform.name,
      platform.char_limit,
      platform.style_note,
    );
  }

  /** The job: makes the missing (or asked-for) renditions of one language. */
  async run(job: JobContext<RenditionJobPayload>): Promise<{ made: number }> {
    try {
      return await this.makeAll(job);
    } catch (err) {
      if (job.attempt >= job.maxAttempts || err instanceof PermanentJobError)
        await this.deps.renditions.setRun(job.payload.contentId, job.payload.language, {
          status: 'failed',
          error: 'The renditions could not be made. Try again.',
        });
      throw err;
    }
  }

  private async makeAll(job: JobContext<RenditionJobPayload>): Promise<{ made: number }> {
    const { contentId, language, force } = job.payload;
    const row = await this.deps.contentRows.findById(contentId);
    if (!row) throw new PermanentJobError('The content was deleted before its renditions were made');
    let source: RenditionSource;
    try {
      const { translation } = readyLanguage(row, language);
      source = {
        title: translation.title || row.title,
        language,
        blocks: translation.blocks,
        markdown: translation.text,
        keywords: row.keywords,
      };
    } catch {
      await this.deps.renditions.setRun(contentId, language, {
        status: 'failed',
        error: 'This language is not ready.',
      });
      throw new PermanentJobError(`No ${language} text to make renditions from`);
    }
    const all = await this.platforms(row);
    const wanted = all.filter((p) => !job.payload.platforms || job.payload.platforms.includes(p.platform));
    const existing = new Map(
      (await this.deps.renditions.list(contentId, language)).map((r) => [r.platform, r]),
    );
    const todo = wanted.filter((p) => force || !existing.get(p.platform)?.edited);
    const llm = await this.deps.writer.languageModel().catch(() => null);
    const user = await this.deps.users.findById(row.userId);
    let made = 0;
    for (const [i, rules] of todo.entries()) {
      const { draft, source: by } = await this.make(
        llm,
        source,
        rules,
        user?.writingVoice ?? undefined,
        job.signal,
      );
      await this.deps.renditions.save({
        contentId,
        language,
        platform: rules.platform,
        parts: draft.parts,
        html: draft.html,
        charLimit: rules.limit,
        source: by,
        edited: false,
        style: rules.style,
        sourceRevision: row.revision,
      });
      made++;
      await job.progress(((i + 1) / todo.length) * 100, `Made the ${rules.platform} rendition`);
    }
    await this.deps.renditions.setRun(contentId, language, { status: 'ready', error: null });
    return { made };
  }

  /** One rendition by the language model, or by the composer when there is none or it fails. */
  private async make(
    llm: Awaited<ReturnType<WriterRouter['languageModel']>>,
    source: RenditionSource,
    rules: PlatformRules,
    voice: string | undefined,
    signal: AbortSignal,
  ): Promise<{ draft: RenditionDraft; source: string }> {
    // An article is the piece itself, as its writer wrote it.
    if (llm && rules.kind !== 'article') {
      try {
        const draft = await llmRendition(llm.provider, this.deps.llm, source, rules, voice, signal);
        if (!checkParts(rules, draft.parts).length) return { draft, source: llm.id };
      } catch (err) {
        if (signal.aborted || !(err instanceof EngineError)) throw err;
        this.deps.logger.warn(
          { err, platform: rules.platform },
          'language model rendition failed; the composer makes it',
        );
      }
    }
    return { draft: composeRendition(source, rules), source: 'composer' };
  }

  /**
   * The piece's platforms with their rules: its target platforms (every named one when it has
   * none), custom ones with the limit and style their owner set.
   */
  private async platforms(row: ContentRow, userId = row.userId): Promise<PlatformRules[]> {
    const targets = row.targetPlatforms.length ? row.targetPlatforms : [...RENDITION_PLATFORMS];
    const custom = new Map(
      (await this.deps.renditions.customPlatforms(userId)).map((c) => [c.name.toLowerCase(), c]),
    );
    const seen = new Set<string>();
    const out: PlatformRules[] = [];
    for (const target of targets) {
      const rules = rulesFor(target, custom.get(target.trim().toLowerCase()));
      if (seen.has(rules.platform.toLowerCase())) continue;
      seen.add(rules.platform.toLowerCase());
      out.push(rules);
    }
    return out;
  }
}

/** The rules of `platform` among a piece's ("X" is twitter; custom names in any case). */
function find(platforms: readonly PlatformRules[], platform: string): PlatformRules | undefined {
  const key = (namedPlatform(platform) ?? platform.trim()).toLowerCase();
  return platforms.find((p) => p.platform.toLowerCase() === key);
}

function toRendition(r: RenditionRow, row: ContentRow, rules: PlatformRules): Rendition {
  return {
    platform: r.platform,
    language: r.language,
    parts: r.parts,
    html: r.html,
    limit: rules.limit,
    counting: rules.counting,
    source: r.source,
    edited: r.edited,
    outdated: r.sourceRevision < row.revision || (rules.kind !== 'article' && r.charLimit !== rules.limit),
    style: rules.style,
    updated_at: r.updatedAt.toISOString(),
  };
}
