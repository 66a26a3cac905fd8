import { z } from 'zod';
import {
  downloadSpeakerModel,
  SpeakerModelDownloadError,
  type SpeakerModelInfo,
} from '../engines/diarizer/sherpa/sherpa-models.ts';
import { defineJob, handleJob, PermanentJobError } from '../queue/queue.ts';
import { downloadProgress } from './download-progress.ts';

/**
 * Downloads one of the sherpa-onnx speaker models (segmentation or embedding) into the models
 * folder for the administrator, with its progress on the job; once both are there, speaker
 * detection uses them. A download that cannot reach the server or brings the wrong file fails at
 * once with the reason; what an interrupted download kept is resumed by the next one.
 */
export const speakerModelDownloadJob = defineJob({
  name: 'speakers.model.download',
  payload: z.object({ model: z.string().regex(/^[a-z0-9._-]+$/) }),
  maxAttempts: 1,
  timeoutMs: 60 * 60 * 1000,
});

/** The download job with its handler. */
export function speakerModelDownloadWorker(options: {
  modelsDir: string;
  /** The catalogue (tests serve their own). */
  models?: readonly SpeakerModelInfo[];
}) {
  return handleJob(
    speakerModelDownloadJob,
    async ({
      payload,
      progress,
      signal,
    }): Promise<{ model: string; bytes: number; alreadyPresent: boolean }> => {
      const told = downloadProgress(progress, { decimals: 1 });
      try {
        const result = await downloadSpeakerModel(payload.model, {
          modelsDir: options.modelsDir,
          ...(options.models ? { models: options.models } : {}),
          signal,
          onProgress: told.onProgress,
        });
        await told.settled();
        return { model: payload.model, bytes: result.bytes, alreadyPresent: result.alreadyPresent };
      } catch (err) {
        await told.settled().catch(() => undefined);
        if (err instanceof SpeakerModelDownloadError)
          throw new PermanentJobError(err.message, { cause: err });
        throw err;
      }
    },
  );
}
