import { z } from 'zod';
import {
  downloadSpeakerModel,
  SpeakerModelDownloadError,
  type SpeakerModelInfo,
} from '../engines/diarizer/sherpa/sherpa-models.ts';
import { type JobDefinition, PermanentJobError } from '../queue/queue.ts';
import { downloadProgress } from './download-progress.ts';

export const SPEAKER_MODEL_DOWNLOAD_JOB = 'speakers.model.download';

/**
 * Downloads one of the sherpa-onnx speaker models (segmentation or embedding) into the models
 * folder for the administrator, with its progress on the job; once both are there, speaker
 * detection uses them. A download that cannot reach the server or brings the wrong file fails at
 * once with the reason; what an interrupted download kept is resumed by the next one.
 */
export function speakerModelDownloadJob(options: {
  modelsDir: string;
  /** The catalogue (tests serve their own). */
  models?: readonly SpeakerModelInfo[];
}): JobDefinition<{ model: string }, { model: string; bytes: number; alreadyPresent: boolean }> {
  return {
    name: SPEAKER_MODEL_DOWNLOAD_JOB,
    payload: z.object({ model: z.string().regex(/^[a-z0-9._-]+$/) }),
    maxAttempts: 1,
    timeoutMs: 60 * 60 * 1000,
    async handler({ payload, progress, signal }) {
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
  };
}
