import { buildApp } from './app.ts';
import { closeContext, createContext, startWorkers } from './boot.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { LockedError } from './db/process-lock.ts';
import { ffmpegInfo, ffmpegNotice } from './engines/speech/ffmpeg-runner.ts';
import { limitSupport } from './engines/speech/untrusted-process.ts';
import { listenWorkerHealth } from './http/worker-health.ts';
import { keepSearchStatistics } from './services/search/search-statistics.ts';
import { startHousekeeping } from './storage/housekeeping.ts';

async function main(): Promise<void> {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const ctx = await createContext(config).catch((err: unknown) => {
    if (!(err instanceof LockedError)) throw err;
    console.error(err.message);
    return process.exit(78);
  });
  const media = ffmpegNotice(ffmpegInfo(), limitSupport());
  ctx.logger[media.level](media.message);
  const app = config.roles.api ? await buildApp(ctx, { web: true }) : undefined;
  if (config.roles.worker) await startWorkers(ctx);
  const { database } = ctx;
  const stopHousekeeping = await startHousekeeping(
    {
      logger: ctx.logger,
      scratch: ctx.scratch,
      blobs: ctx.blobs,
      uploads: ctx.audio,
      passwordResets: ctx.passwordReset,
      infographicImages: ctx.infographics.images,
      keepSearchStatistics:
        database.driver === 'pglite' ? (hooks) => keepSearchStatistics(database.db, hooks) : undefined,
    },
    { worker: config.roles.worker },
  );
  if (app) await app.listen({ host: config.host, port: config.port });
  const health =
    !app && config.workerHealthPort !== undefined
      ? await listenWorkerHealth(ctx.database, config.host, config.workerHealthPort)
      : undefined;

  const roles = [config.roles.api && 'api', config.roles.worker && 'worker'].filter(Boolean).join(', ');
  const ms = Math.round(performance.now() - started);
  ctx.logger.info({ roles, database: ctx.database.driver, ms }, 'Voxpress is ready');
  if (app)
    console.log(`\n  Voxpress is running at ${config.publicUrl}  (roles: ${roles}; ready in ${ms} ms)\n`);
  // Render workers (Takumi and its fonts) and the composer's English model load on first use, not
  // here: a server that draws or writes nothing keeps that memory free (see README, Memory).

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.logger.info({ signal }, 'shutting down');
    stopHousekeeping();
    await app?.close();
    health?.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
