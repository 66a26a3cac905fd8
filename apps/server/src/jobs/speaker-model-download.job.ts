import { z } from 'zod';
import {
  downloadSpeakerModel,
  SpeakerModelDownloadError,
  type SpeakerModelInfo,
} from '../engines/diarizer/sherpa/sherpa-models.ts';
import { type JobDefinition, PermanentJobError } from '../queue/queue.ts';

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
      let reported = -1;
      let pending: Promise<void> = Promise.resolve();
      try {
        const result = await downloadSpeakerModel(payload.model, {
          modelsDir: options.modelsDir,
          ...(options.models ? { models: options.models } : {}),
          signal,
          onProgress: (received, total) => {
            const percent = Math.floor((received / total) * 100);
            if (percent <= reported) return;
            reported = percent;
            const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
            pending = pending.then(() =>
              progress(Math.min(percent, 99), `${mb(received)} of ${mb(total)} MB`),
            );
          },
        });
        await pending;
        return { model: payload.model, bytes: result.bytes, alreadyPresent: result.alreadyPresent };
      } catch (err) {
        await pending.catch(() => undefined);
        if (err instanceof SpeakerModelDownloadError)
          throw new PermanentJobError(err.message, { cause: err });
        throw err;
      }
    },
  };
}
