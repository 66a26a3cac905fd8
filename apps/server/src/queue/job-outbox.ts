import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { jobOutbox, jobs } from '../db/schema.ts';

/** What the relay hands to the queue engine for one outbox row. */
export interface OutboxEntry {
  /** The row's id: the engine's job id, so that relaying a row twice adds one job. */
  id: string;
  jobId: string;
  name: string;
  runAt: Date;
  priority: number;
  maxAttempts: number;
  /**
   * The job's turn among its owner's jobs: how many of them run now, plus how many wait ahead of it
   * (older, and of at least its priority). 0 for a user's only job, whatever others have queued.
   */
  turn: number;
}

const BATCH = 100;

/**
 * The transactional outbox between the database and a queue engine that lives elsewhere (Redis).
 * A job is written with its outbox row in the caller's transaction, so it exists exactly when the
 * caller's other writes do; after the commit the row is relayed to the engine and deleted. A row
 * whose relay was lost (a crash between commit and relay, Redis away) is relayed by the next
 * sweep. Rows are taken with `FOR UPDATE SKIP LOCKED`, so processes relaying at once never send
 * the same row together, and the engine's idempotent job ids absorb a row sent again after a
 * crash between sending and deleting.
 */
export class JobOutbox {
  private relaying: Promise<number> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly send: (entries: OutboxEntry[]) => Promise<void>,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Writes job `jobId`'s outbox row with `tx`, the transaction that writes the job. */
  static async add(tx: Db, jobId: string): Promise<void> {
    await tx.insert(jobOutbox).values({ jobId });
  }

  /**
   * Relays every waiting row now; a call made while a relay runs is served by one more pass
   * right after it, so a row committed meanwhile is never left for the sweep.
   */
  relay(): Promise<number> {
    if (this.relaying) {
      this.again = true;
      return this.relaying;
    }
    this.relaying = (async () => {
      let sent = 0;
      do {
        this.again = false;
        for (;;) {
          const n = await this.relayBatch();
          sent += n;
          if (n < BATCH) break;
        }
      } while (this.again);
      return sent;
    })().finally(() => {
      this.relaying = undefined;
    });
    return this.relaying;
  }

  /** Relays lost rows every `everyMs` until `stopSweeping`. */
  startSweeping(everyMs: number): void {
    this.stopSweeping();
    this.timer = setInterval(() => {
      this.relay()
        .then((n) => {
          if (n) this.logger.info({ jobs: n }, 'relayed queued jobs to the queue engine');
        })
        .catch((err: unknown) => this.logger.warn({ err }, 'relaying queued jobs failed; retrying later'));
    }, everyMs).unref();
  }

  stopSweeping(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Waits for a relay in progress, if any (before closing the connections it uses). */
  async settled(): Promise<void> {
    await this.relaying?.catch(() => 0);
  }

  private relayBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: jobOutbox.id,
          jobId: jobOutbox.jobId,
          name: jobs.name,
          runAt: jobs.runAt,
          priority: jobs.priority,
          maxAttempts: jobs.maxAttempts,
          turn: sql<number>`(
            select count(*) from jobs o
            where o.owner_id is not distinct from ${jobs.ownerId} and o.id <> ${jobs.id}
              and (o.status = 'running'
                or (o.status = 'queued' and o.priority >= ${jobs.priority}
                  and (o.created_at, o.id) < (${jobs.createdAt}, ${jobs.id})))
          )`.mapWith(Number),
        })
        .from(jobOutbox)
        .innerJoin(jobs, eq(jobs.id, jobOutbox.jobId))
        .orderBy(asc(jobOutbox.createdAt))
        .limit(BATCH)
        .for('update', { of: jobOutbox, skipLocked: true });
      if (rows.length === 0) return 0;
      // Sent while the rows stay locked: if sending fails, the transaction rolls back and they wait.
      await this.send(rows);
      await tx.delete(jobOutbox).where(
        inArray(
          jobOutbox.id,
          rows.map((r) => r.id),
        ),
      );
      return rows.length;
    });
  }
}
