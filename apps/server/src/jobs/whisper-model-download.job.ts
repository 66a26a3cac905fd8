import { z } from 'zod';
import type { SpeechConfig } from '../config/config.ts';
import { downloadModel, ModelDownloadError } from '../engines/speech/whisper-models.ts';
import { defineJob, handleJob, PermanentJobError } from '../queue/queue.ts';
import { downloadProgress } from './download-progress.ts';

/**
 * Downloads a whisper.cpp model into the models folder for the administrator, with its progress
 * (bytes received) on the job. A download that cannot reach the server, or brings the wrong file,
 * fails at once with the reason: retrying would only make the administrator wait longer. What an
 * interrupted download kept is resumed by the next one.
 */
export const whisperModelDownloadJob = defineJob({
  name: 'whisper.model.download',
  payload: z.object({ model: z.string().regex(/^[a-z0-9._-]+$/) }),
  maxAttempts: 1,
  timeoutMs: 2 * 60 * 60 * 1000,
});

/** The download job with its handler. */
export function whisperModelDownloadWorker(whisper: SpeechConfig['whisper']) {
  return handleJob(
    whisperModelDownloadJob,
    async ({
      payload,
      progress,
      signal,
    }): Promise<{ model: string; bytes: number; alreadyPresent: boolean }> => {
      const told = downloadProgress(progress);
      try {
        const result = await downloadModel(payload.model, {
          modelsDir: whisper.modelsDir,
          baseUrl: whisper.modelsUrl,
          signal,
          onProgress: told.onProgress,
        });
        await told.settled();
        return { model: payload.model, bytes: result.bytes, alreadyPresent: result.alreadyPresent };
      } catch (err) {
        await told.settled().catch(() => undefined);
        if (err instanceof ModelDownloadError) throw new PermanentJobError(err.message, { cause: err });
        throw err;
      }
    },
  );
}
