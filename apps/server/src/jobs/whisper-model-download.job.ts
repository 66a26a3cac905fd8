import { z } from 'zod';
import type { SpeechConfig } from '../config/config.ts';
import { downloadModel, ModelDownloadError } from '../engines/speech/whisper-models.ts';
import { type JobDefinition, PermanentJobError } from '../queue/queue.ts';

export const WHISPER_DOWNLOAD_JOB = 'whisper.model.download';

/**
 * Downloads a whisper.cpp model into the models folder for the administrator, with its progress
 * (bytes received) on the job. A download that cannot reach the server, or brings the wrong file,
 * fails at once with the reason: retrying would only make the administrator wait longer. What an
 * interrupted download kept is resumed by the next one.
 */
export function whisperModelDownloadJob(
  whisper: SpeechConfig['whisper'],
): JobDefinition<{ model: string }, { model: string; bytes: number; alreadyPresent: boolean }> {
  return {
    name: WHISPER_DOWNLOAD_JOB,
    payload: z.object({ model: z.string().regex(/^[a-z0-9._-]+$/) }),
    maxAttempts: 1,
    timeoutMs: 2 * 60 * 60 * 1000,
    async handler({ payload, progress, signal }) {
      let reported = -1;
      let pending: Promise<void> = Promise.resolve();
      try {
        const result = await downloadModel(payload.model, {
          modelsDir: whisper.modelsDir,
          baseUrl: whisper.modelsUrl,
          signal,
          onProgress: (received, total) => {
            const percent = Math.floor((received / total) * 100);
            if (percent <= reported) return;
            reported = percent;
            const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
            pending = pending.then(() =>
              progress(Math.min(percent, 99), `${mb(received)} of ${mb(total)} MB`),
            );
          },
        });
        await pending;
        return { model: payload.model, bytes: result.bytes, alreadyPresent: result.alreadyPresent };
      } catch (err) {
        await pending.catch(() => undefined);
        if (err instanceof ModelDownloadError) throw new PermanentJobError(err.message, { cause: err });
        throw err;
      }
    },
  };
}
