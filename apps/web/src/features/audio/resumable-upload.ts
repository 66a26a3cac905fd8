import type { Audio } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { DefaultHttpStack, DetailedError, Upload } from 'tus-js-client';
import { i18n } from '../../i18n/i18n.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { ApiError, detailMessage, parseErrorBody } from '../../lib/api-error.ts';
import { transcriptionLanguageFields } from './language-fields.ts';
import { renewingHttpStack, type SessionDeps } from './renewing-http-stack.ts';
import { XhrFailure } from './xhr-send.ts';

/** Files above this go in resumable pieces (tus), so a dropped connection costs one piece, not all. */
export const RESUMABLE_FROM_BYTES = LIMITS.maxUploadBytes;
/** One piece: small enough to resend cheaply, large enough to keep requests few. */
const CHUNK_BYTES = 25 * 1024 * 1024;

/** What a resumable upload carries besides the bytes: the upload form's fields, as tus metadata. */
export interface ResumableFields {
  name: string;
  title: string;
  description: string;
  language: string;
  speakers?: string | number;
}

/** The tus metadata for a file: the same fields a form upload sends, blank ones left out. */
export function resumableMetadata(input: ResumableFields): Record<string, string> {
  const fields = transcriptionLanguageFields(input.language);
  const meta: Record<string, string> = {
    filename: input.name,
    language: fields.language,
    google_language_code: fields.google_language_code,
    use_whisper_for_english: String(fields.use_whisper_for_english),
  };
  if (input.title.trim()) meta.title = input.title.trim();
  if (input.description.trim()) meta.description = input.description.trim();
  if (input.speakers !== undefined) meta.speakers = String(input.speakers);
  return meta;
}

/**
 * Sends a large file to `/uploads` with the tus protocol: in pieces, retried after a dropped
 * connection from the offset the server kept, and resumed after a reload (the browser remembers
 * the upload's address by the file). The session is renewed on the way when it runs out.
 * Resolves with the new item once the last piece is in.
 */
export function uploadResumable(
  file: File,
  fields: ResumableFields,
  onProgress: (percent: number) => void,
  session: SessionDeps,
  signal?: AbortSignal,
): Promise<Audio> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${API_BASE}/uploads`,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000],
      metadata: resumableMetadata(fields),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      httpStack: renewingHttpStack(new DefaultHttpStack({}), session),
      onProgress: (sent, total) => onProgress(total > 0 ? (sent / total) * 100 : 0),
      onSuccess: ({ lastResponse }) => {
        try {
          const audio = (JSON.parse(lastResponse.getBody()) as { data?: Audio }).data;
          if (audio?.audio_id) resolve(audio);
          else
            reject(
              // The server finished the upload without naming the item it made.
              new ApiError(lastResponse.getStatus(), null, i18n.t('audio:errors.uploadAudio')),
            );
        } catch (err) {
          reject(err);
        }
      },
      onError: (err) => {
        const response = err instanceof DetailedError ? err.originalResponse : null;
        if (!response) {
          reject(new XhrFailure('network', false));
          return;
        }
        const status = response.getStatus();
        const body = parseErrorBody(response.getBody() ?? '');
        // A 401 here means the session could not be renewed (and has been ended).
        const message =
          status === 401 ? i18n.t('audio:errors.sessionExpired') : detailMessage(status, body.detail, body);
        reject(new ApiError(status, body.detail, message, body));
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(new XhrFailure('abort', false));
      },
      { once: true },
    );
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
