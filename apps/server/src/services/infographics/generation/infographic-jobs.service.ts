import type {
  InfographicJob,
  InfographicJobList,
  InfographicJobStatus,
  InfographicJobSubmitted,
  zInfographicJobListQuery,
  zInfographicJobSubmit,
} from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Db } from '../../../db/database.ts';
import { userMessageOf } from '../../../engines/engine.ts';
import type { EventBus } from '../../../events/event-bus.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import type { ImageSetPipeline } from '../../../pipeline/image-set-pipeline.ts';
import { JobCancelledError, type JobContext, PermanentJobError, type Queue } from '../../../queue/queue.ts';
import type { ImagesRepository } from '../../../repositories/infographics/images.repository.ts';
import {
  type InfographicJobRow,
  InfographicJobsRepository,
} from '../../../repositories/infographics/jobs.repository.ts';
import type { AccessTokens } from '../../auth/tokens.ts';
import type { ContentService } from '../../content/content.service.ts';
import type { ImageStore } from '../library/image-store.ts';
import { stepOf, toJob, toJobEvent, toVariation } from '../library/infographic-mapper.ts';
import { resolveSource } from '../material/infographic-source.ts';
import { templateCounts } from '../planning/variation-planner.ts';
import type { GenerationService } from './generation.service.ts';
import { GENERATION_FAILED, MAX_JOB_IMAGES, type PreparedSet } from './set-context.ts';
import type { RenderOutcome } from './variation-renderer.ts';

const DEFAULT_JOB_SIZE = '1080x1080';

export type JobRequest = z.output<typeof zInfographicJobSubmit>;

/** Progress shares of the steps before drawing: the rest is the variations, one share each. */
const ANALYZED_PERCENT = 5;
const DESIGNED_PERCENT = 10;

export const jobTopic = (id: string) => `infographic-job:${id}`;
const jobNotFound = () => notFound('Job not found', 'infographic_job_not_found');

export interface InfographicJobsDeps {
  database: Database;
  jobs: InfographicJobsRepository;
  imageRows: ImagesRepository;
  images: ImageStore;
  generation: GenerationService;
  content: ContentService;
  queue: Queue;
  events: EventBus;
  tokens: AccessTokens;
  defaultVariations: number;
  flags: Parameters<typeof templateCounts>[0];
  debugging: boolean;
  logger: FastifyBaseLogger;
  /** Queues a stored set's drawing, and what follows a completed set. */
  pipeline: ImageSetPipeline;
}

/**
 * Sets generated in the background: `queue/submit` stores the job with the spec's statuses and
 * queues it; the handler runs analyzing → designing → generating, storing each variation as it is
 * drawn and counting it, so a run that dies resumes where it stopped; the end is completed or
 * failed with the spec's messages, and a `set_completed` event.
 */
export class InfographicJobsService {
  constructor(private readonly deps: InfographicJobsDeps) {}

  async submit(userId: string, request: JobRequest): Promise<InfographicJobSubmitted> {
    // Refuse what can never work now, not in the job: no content, no sizes, every kind switched off.
    const sizes = this.deps.generation.sizes(request, DEFAULT_JOB_SIZE);
    await resolveSource(this.deps.content, userId, request);
    const counts = templateCounts(this.deps.flags, request, this.deps.defaultVariations);
    const total = (counts.fixed + counts.llm) * sizes.length;
    if (total > MAX_JOB_IMAGES)
      throw new HttpError(
        400,
        'bad_request',
        `That is ${total} images in one job; at most ${MAX_JOB_IMAGES}. Choose fewer sizes or variations.`,
        { images: total, max_images: MAX_JOB_IMAGES },
      );
    const row = await this.deps.database.db.transaction(async (tx) => {
      const jobs = new InfographicJobsRepository(tx);
      const created = await jobs.insert({
        userId,
        contentId: request.content_id ?? null,
        status: 'pending',
        currentStep: stepOf({ status: 'pending', completedVariations: 0, totalVariations: total }),
        totalVariations: total,
        priority: request.priority,
        request,
      });
      const queueJobId = await this.deps.pipeline.start(tx, {
        id: created.id,
        userId,
        priority: request.priority,
      });
      return (await jobs.update(created.id, { queueJobId })) ?? created;
    });
    this.deps.queue.wake();
    await this.publish(row);
    const stream = `/api/v1/infographics/queue/status/${row.id}/stream`;
    return {
      job_id: row.id,
      status: row.status,
      current_step: row.currentStep,
      total_variations: row.totalVariations,
      stream_url: `${stream}?ticket=${await this.deps.tokens.signLink(userId, stream)}`,
      status_url: `/api/v1/infographics/queue/status/${row.id}`,
    };
  }

  async owned(userId: string, id: string): Promise<InfographicJobRow> {
    const row = await this.deps.jobs.findOwned(userId, id);
    if (!row) throw jobNotFound();
    return row;
  }

  /**
   * The owner's job as it stands. A job the queue ended without its handler (cancelled while it
   * waited, or lost) is marked failed here, so no one waits on it for ever.
   */
  async current(userId: string, id: string): Promise<InfographicJobRow> {
    return this.reconciled(await this.owned(userId, id));
  }

  private async reconciled(row: InfographicJobRow): Promise<InfographicJobRow> {
    if (row.status === 'completed' || row.status === 'failed' || !row.queueJobId) return row;
    const queued = await this.deps.queue.get(row.queueJobId);
    if (queued && queued.status !== 'cancelled' && queued.status !== 'failed') return row;
    const updated = await this.deps.jobs.update(row.id, {
      status: 'failed',
      currentStep: stepOf({ status: 'failed', completedVariations: 0, totalVariations: 0 }),
      errorMessage: queued?.status === 'cancelled' ? 'Generation was cancelled.' : GENERATION_FAILED,
      finishedAt: new Date(),
    });
    if (updated) await this.publish(updated);
    return updated ?? row;
  }

  async status(userId: string, id: string): Promise<InfographicJob> {
    return this.withResults(await this.current(userId, id));
  }

  async list(userId: string, query: z.output<typeof zInfographicJobListQuery>): Promise<InfographicJobList> {
    const { items, total } = await this.deps.jobs.list(userId, {
      page: query.page,
      limit: query.limit,
      status: query.status,
      contentId: query.content_id,
    });
    return {
      items: await Promise.all(items.map(async (row) => this.withResults(await this.reconciled(row)))),
      total,
      page: query.page,
      limit: query.limit,
      pages: Math.ceil(total / query.limit),
    };
  }

  private async withResults(row: InfographicJobRow): Promise<InfographicJob> {
    const request = row.request;
    const debug = request.enable_debugging ?? this.deps.debugging;
    const images = await this.deps.imageRows.forSet(row.id);
    const results = await Promise.all(
      images.map(async (image) => toVariation(image, await this.deps.images.link(image), { debug })),
    );
    return toJob(row, results);
  }

  /** The job handler (`infographics.job.ts`). */
  async run(job: JobContext<{ jobId: string }>): Promise<{ generated: number }> {
    try {
      return await this.runOnce(job);
    } catch (err) {
      // Cancelled from the queue (the administrator's queue view): the set ends here, and says so.
      if (job.signal.reason instanceof JobCancelledError) {
        const row = await this.deps.jobs.update(job.payload.jobId, {
          status: 'failed',
          currentStep: stepOf({ status: 'failed', completedVariations: 0, totalVariations: 0 }),
          errorMessage: 'Generation was cancelled.',
          finishedAt: new Date(),
        });
        if (row) await this.publish(row);
      }
      throw err;
    }
  }

  private async runOnce(job: JobContext<{ jobId: string }>): Promise<{ generated: number }> {
    const row = await this.deps.jobs.findById(job.payload.jobId);
    // Deleted with its content or account meanwhile, or finished by an earlier run.
    if (!row || row.status === 'completed' || row.status === 'failed') return { generated: 0 };
    const request = row.request;
    let set: PreparedSet;
    try {
      await this.move(row.id, 'analyzing', ANALYZED_PERCENT);
      const { context, source } = await this.deps.generation.analyze(row.userId, request, {
        defaultSize: DEFAULT_JOB_SIZE,
        setId: row.id,
        jobId: row.id,
      });
      await this.move(row.id, 'designing', DESIGNED_PERCENT);
      set = await this.deps.generation.design(context, source, request, {
        defaultVariations: this.deps.defaultVariations,
        maxImages: MAX_JOB_IMAGES,
        signal: job.signal,
      });
      await this.deps.generation.ensureRenderer();
    } catch (err) {
      return this.failOrRetry(job, row.id, err);
    }
    const started = performance.now();
    const outcomes = await this.draw(job, row, set);
    const rows = await this.deps.imageRows.forSet(row.id);
    const failed = outcomes.filter((o) => o.failure).length;
    this.deps.generation.logPerformance(request, set, outcomes, Math.round(performance.now() - started));
    if (rows.length === 0)
      return this.failOrRetry(
        job,
        row.id,
        new Error(outcomes.find((o) => o.failure)?.failure ?? GENERATION_FAILED),
      );
    await this.finish(job, row.id, 'completed', { completedVariations: rows.length }, (tx, done) =>
      this.deps.pipeline.completed(tx, done, rows, failed),
    );
    await this.deps.generation.announce(set, rows, failed);
    return { generated: rows.length };
  }

  /**
   * A failure before or instead of any image: retried while runs remain, unless it is the
   * request's own fault (content gone, every template kind off); then the job fails with the
   * reason in the spec's words.
   */
  private async failOrRetry(job: JobContext<{ jobId: string }>, id: string, err: unknown): Promise<never> {
    if (job.signal.aborted) throw err;
    const permanent = err instanceof HttpError || err instanceof PermanentJobError;
    if (!permanent && job.attempt < job.maxAttempts) {
      await this.move(id, 'pending', 0);
      throw err;
    }
    const message =
      err instanceof HttpError
        ? err.message
        : err instanceof Error && err.message && !permanent
          ? userMessageOf(err, err.message)
          : userMessageOf(err, GENERATION_FAILED);
    await this.finish(job, id, 'failed', { errorMessage: message });
    throw err instanceof PermanentJobError ? err : new PermanentJobError(message, { cause: err });
  }

  /** Generating: every variation an earlier run did not store, counted as each is stored. */
  private async draw(
    job: JobContext<{ jobId: string }>,
    row: InfographicJobRow,
    set: PreparedSet,
  ): Promise<RenderOutcome[]> {
    const total = set.plans.length * set.sizes.length;
    const key = (index: number, w: number, h: number) => `${index}:${w}x${h}`;
    const stored = await this.deps.imageRows.forSet(row.id);
    const have = new Set(stored.map((r) => key(r.variationIndex, r.width, r.height)));
    let done = stored.length;
    let failed = 0;
    const report = async () => {
      const updated = await this.deps.jobs.update(row.id, {
        status: 'generating',
        totalVariations: total,
        completedVariations: done,
        progress: progressAt(done + failed, total),
        currentStep: stepOf({ status: 'generating', completedVariations: done, totalVariations: total }),
      });
      if (updated) await this.publish(updated);
      await job.progress(progressAt(done + failed, total), updated?.currentStep);
    };
    await report();
    // One write at a time, in order, so progress never goes backwards.
    let writes: Promise<unknown> = Promise.resolve();
    const outcomes = await Promise.all(
      set.plans.flatMap((plan) =>
        set.sizes
          .filter((size) => !have.has(key(plan.index, size.width, size.height)))
          .map(async (size) => {
            const outcome = await this.deps.generation.renderOne(set, plan, size, job.signal);
            if (outcome.row) done++;
            else failed++;
            writes = writes.then(report);
            return outcome;
          }),
      ),
    );
    await writes;
    return outcomes;
  }

  /** Moves the job to a step before drawing and says so. */
  private async move(id: string, status: InfographicJobStatus, progress: number): Promise<void> {
    const row = await this.deps.jobs.update(id, {
      status,
      progress,
      currentStep: stepOf({ status, completedVariations: 0, totalVariations: 0 }),
    });
    if (row) await this.publish(row);
  }

  /**
   * The job's end, written with the queue job's completion under its lease; `announce` queues
   * the outside events in the same transaction (so once, and only when the end commits).
   */
  private async finish(
    job: JobContext<{ jobId: string }>,
    id: string,
    status: 'completed' | 'failed',
    values: { errorMessage?: string; completedVariations?: number },
    announce?: (tx: Db, row: InfographicJobRow) => Promise<number> | number,
  ): Promise<void> {
    let events = 0;
    const row = await job.commit(
      async (tx) => {
        const jobs = new InfographicJobsRepository(tx);
        const current = await jobs.findById(id);
        if (!current) return undefined;
        const completed = values.completedVariations ?? current.completedVariations;
        const ended = await jobs.update(id, {
          status,
          progress: status === 'completed' ? 100 : current.progress,
          completedVariations: completed,
          currentStep: stepOf({
            status,
            completedVariations: completed,
            totalVariations: current.totalVariations,
          }),
          errorMessage: values.errorMessage ?? null,
          finishedAt: new Date(),
        });
        if (ended && announce) events = await announce(tx, ended);
        return ended;
      },
      { complete: status === 'completed' },
    );
    if (events) this.deps.queue.wake();
    if (row) await this.publish(row);
  }

  private async publish(row: InfographicJobRow): Promise<void> {
    await this.deps.events.publish(jobTopic(row.id), { type: 'infographic_job.status', ...toJobEvent(row) });
  }
}

/** Percent done once `n` of `total` variations are drawn (the steps before count for 10). */
function progressAt(n: number, total: number): number {
  if (total === 0) return DESIGNED_PERCENT;
  return Math.round((DESIGNED_PERCENT + ((100 - DESIGNED_PERCENT) * n) / total) * 10) / 10;
}
