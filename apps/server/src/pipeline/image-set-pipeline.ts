import type { Db } from '../db/database.ts';
import type { CompletionEvents } from '../events/completion-events.ts';
import { infographicsJob } from '../jobs/infographics.job.ts';
import type { Queue } from '../queue/queue.ts';
import type { ImageRow } from '../repositories/infographics/images.repository.ts';
import type { InfographicJobRow } from '../repositories/infographics/jobs.repository.ts';

export interface ImageSetPipelineDeps {
  queue: Pick<Queue, 'enqueue'>;
  /** Tells the outside (webhooks) a set is complete, in the transaction that completes it. */
  completions?: CompletionEvents | undefined;
}

/**
 * Decides what an image set made as a job leads to: a stored set is queued for drawing in the
 * transaction that stores it, and a set drawn to its end tells the outside (webhooks) in the
 * transaction that completes it. The stage itself (analyse, design, draw) is the infographic
 * jobs service's `run`.
 */
export class ImageSetPipeline {
  constructor(private readonly deps: ImageSetPipelineDeps) {}

  /**
   * Queues the drawing of a stored set in the caller's transaction and returns the queue job's
   * id; the caller wakes the queue once the transaction has committed.
   */
  async start(tx: Db, set: { id: string; userId: string; priority: number }): Promise<string> {
    const job = await this.deps.queue.enqueue(
      infographicsJob,
      { jobId: set.id },
      { ownerId: set.userId, priority: set.priority, tx },
    );
    return job.id;
  }

  /** A set ended with images: queues the events that follow in `tx` and returns how many. */
  async completed(
    tx: Db,
    set: InfographicJobRow,
    images: readonly ImageRow[],
    failed: number,
  ): Promise<number> {
    return this.deps.completions ? this.deps.completions.imagesCompleted(tx, set, images, failed) : 0;
  }
}
