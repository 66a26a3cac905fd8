import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './blob-store.ts';
import { LocalDiskBlobStore } from './local-disk.blob-store.ts';
import { type ScratchSpace, STALE_SCRATCH_MS } from './scratch-space.ts';

const EVERY_MS = 10 * 60 * 1000;

/** A sweep: removes what it finds left behind and says how many it removed. */
type Sweep = () => Promise<number>;

/** What housekeeping clears, each part passed in by the process that starts it. */
export interface HousekeepingDeps {
  logger: FastifyBaseLogger;
  scratch: Pick<ScratchSpace, 'sweep'>;
  blobs: BlobStore;
  /** Uploads whose link expired unused, and upload objects no item waits for (workers only). */
  uploads: { sweepAbandonedUploads: Sweep; sweepStrayUploads: Sweep };
  /** Spent password reset links (workers only). */
  passwordResets: { prune: Sweep };
  /** Unsaved infographics past their time, and image files no row points at (workers only). */
  infographicImages: { sweepExpired: Sweep; sweepOrphans: Sweep };
  /**
   * Starts keeping the search tables' statistics (embedded PGlite runs no autovacuum) and returns
   * its stop; absent where the database does that itself.
   */
  keepSearchStatistics?:
    | ((hooks: { onAnalysed: (tables: string[]) => void; onError: (err: unknown) => void }) => () => void)
    | undefined;
}

/**
 * Clears what interrupted work leaves behind, at start-up and every 10 minutes: temporary files
 * of processes that are gone (any role), and, on workers, uploads whose link expired unused,
 * upload objects no item waits for, unsaved infographics past their time and image files no row
 * points at; on embedded PGlite, the search tables' statistics once they grew (every minute).
 * Resolves, once the files are swept, to a function that stops it.
 */
export async function startHousekeeping(
  deps: HousekeepingDeps,
  options: { worker: boolean },
): Promise<() => void> {
  const log = deps.logger;
  const step = async (what: string, run: () => Promise<number>) => {
    try {
      const n = await run();
      if (n) log.info({ removed: n }, `removed ${what}`);
    } catch (err) {
      log.warn({ err }, `removing ${what} failed`);
    }
  };
  const sweepFiles = async () => {
    await step('temporary files of stopped processes', () => deps.scratch.sweep());
    const blobs = deps.blobs;
    if (blobs instanceof LocalDiskBlobStore)
      await step('partial writes', () => blobs.sweepPartialWrites(new Date(Date.now() - STALE_SCRATCH_MS)));
  };
  const sweepUploads = async () => {
    if (!options.worker) return;
    await step('abandoned uploads', () => deps.uploads.sweepAbandonedUploads());
    await step('stray uploads', () => deps.uploads.sweepStrayUploads());
    await step('spent password reset links', () => deps.passwordResets.prune());
    await step('expired unsaved infographics', () => deps.infographicImages.sweepExpired());
    await step('infographic files without an image', () => deps.infographicImages.sweepOrphans());
  };
  // Files first and awaited: a restarted server starts clean. Uploads may ask a slow bucket.
  await sweepFiles();
  void sweepUploads();
  const timer = setInterval(() => void sweepFiles().then(sweepUploads), EVERY_MS).unref();
  // Embedded PGlite runs no autovacuum: the searched tables are analysed here once they grew.
  const stopStatistics =
    deps.keepSearchStatistics?.({
      onAnalysed: (tables) => log.info({ tables }, 'refreshed the search tables’ statistics'),
      onError: (err) => log.warn({ err }, 'refreshing the search tables’ statistics failed'),
    }) ?? (() => {});
  return () => {
    clearInterval(timer);
    stopStatistics();
  };
}
