import { z } from 'zod';
import { ModelFileError } from '../engines/models/resumable-download.ts';
import {
  downloadKey,
  downloadLocalModel,
  localDownloads,
  plainDownloadFailure,
  UnknownLocalModelError,
} from '../engines/writer/local/local-download.ts';
import type { LocalLlmConfig } from '../engines/writer/local/local-provider.ts';
import { defineJob, handleJob, PermanentJobError } from '../queue/queue.ts';
import { downloadProgress } from './download-progress.ts';

/**
 * Downloads a built-in language model (GGUF) for the administrator, with its progress on the job
 * and in the engine's status. An interrupted download is resumed by the next job from where it
 * stopped; a wrong file is deleted. Failures are final at once: the administrator starts again.
 */
export const localModelDownloadJob = defineJob({
  name: 'llm.model.download',
  payload: z.object({ model: z.string().regex(/^[a-z0-9.-]+$/) }),
  maxAttempts: 1,
  timeoutMs: 6 * 60 * 60 * 1000,
});

/** The download job with its handler. */
export function localModelDownloadWorker(local: Pick<LocalLlmConfig, 'modelsDir' | 'modelsUrl'>) {
  return handleJob(
    localModelDownloadJob,
    async ({
      payload,
      progress,
      signal,
    }): Promise<{ model: string; bytes: number; alreadyPresent: boolean }> => {
      const name = payload.model;
      const key = downloadKey(local.modelsDir, name);
      const told = downloadProgress(progress, {
        onPercent: (percent) => localDownloads.set(key, { state: 'downloading', percent }),
      });
      localDownloads.set(key, { state: 'downloading', percent: 0 });
      try {
        const result = await downloadLocalModel(name, {
          modelsDir: local.modelsDir,
          baseUrl: local.modelsUrl,
          signal,
          onProgress: told.onProgress,
        });
        await told.settled();
        localDownloads.delete(key);
        return { model: name, bytes: result.bytes, alreadyPresent: result.alreadyPresent };
      } catch (err) {
        await told.settled().catch(() => undefined);
        const message = err instanceof Error ? err.message : String(err);
        localDownloads.set(key, {
          state: 'failed',
          percent: told.percent,
          error: message,
          why: plainDownloadFailure(err),
        });
        if (err instanceof ModelFileError || err instanceof UnknownLocalModelError)
          throw new PermanentJobError(message, { cause: err });
        throw err;
      }
    },
  );
}
