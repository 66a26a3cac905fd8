import type { AppContext } from '../app-context.ts';
import { keepSearchStatistics } from '../services/search/search-statistics.ts';
import { LocalDiskBlobStore } from './local-disk.blob-store.ts';
import { STALE_SCRATCH_MS } from './scratch-space.ts';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Clears what interrupted work leaves behind, at start-up and every 10 minutes: temporary files
 * of processes that are gone (any role), and, on workers, uploads whose link expired unused,
 * upload objects no item waits for, unsaved infographics past their time and image files no row
 * points at; on embedded PGlite, the search tables' statistics once they grew (every minute).
 * Resolves, once the files are swept, to a function that stops it.
 */
export async function startHousekeeping(ctx: AppContext, options: { worker: boolean }): Promise<() => void> {
  const log = ctx.logger;
  const step = async (what: string, run: () => Promise<number>) => {
    try {
      const n = await run();
      if (n) log.info({ removed: n }, `removed ${what}`);
    } catch (err) {
      log.warn({ err }, `removing ${what} failed`);
    }
  };
  const sweepFiles = async () => {
    await step('temporary files of stopped processes', () => ctx.scratch.sweep());
    const blobs = ctx.blobs;
    if (blobs instanceof LocalDiskBlobStore)
      await step('partial writes', () => blobs.sweepPartialWrites(new Date(Date.now() - STALE_SCRATCH_MS)));
  };
  const sweepUploads = async () => {
    if (!options.worker) return;
    await step('abandoned uploads', () => ctx.audio.sweepAbandonedUploads());
    await step('stray uploads', () => ctx.audio.sweepStrayUploads());
    await step('spent password reset links', () => ctx.passwordReset.prune());
    await step('expired unsaved infographics', () => ctx.infographics.images.sweepExpired());
    await step('infographic files without an image', () => ctx.infographics.images.sweepOrphans());
  };
  // Files first and awaited: a restarted server starts clean. Uploads may ask a slow bucket.
  await sweepFiles();
  void sweepUploads();
  const timer = setInterval(() => void sweepFiles().then(sweepUploads), EVERY_MS).unref();
  // Embedded PGlite runs no autovacuum: the searched tables are analysed here once they grew.
  const stopStatistics =
    ctx.database.driver === 'pglite'
      ? keepSearchStatistics(ctx.database.db, {
          onAnalysed: (tables) => log.info({ tables }, 'refreshed the search tables’ statistics'),
          onError: (err) => log.warn({ err }, 'refreshing the search tables’ statistics failed'),
        })
      : () => {};
  return () => {
    clearInterval(timer);
    stopStatistics();
  };
}
