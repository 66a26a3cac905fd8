import type { Audio } from '@voxpress/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n/i18n.ts';
import { api, endSession, tokens } from '../../lib/api.ts';
import { type AudioFileUpload, uploadAudioFile } from './upload-audio-file.ts';
import { uploadErrorMessage } from './upload-errors.ts';
import { sendXhr } from './xhr-send.ts';

/** Upload mode's states (spec section 4): idle, uploading, then an error or a success. */
export type FileUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'error'; message: string }
  | { status: 'success'; audio: Audio };

export interface FileUploadControls {
  state: FileUploadState;
  /** Resolves with the new audio item, or null when the upload failed or was cancelled. */
  upload(input: AudioFileUpload): Promise<Audio | null>;
  cancel(): void;
  reset(): void;
}

/** Sends one audio file with progress; the caller keeps the file and fields for a retry. */
export function useAudioFileUpload(): FileUploadControls {
  const [state, setState] = useState<FileUploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const upload = useCallback(async (input: AudioFileUpload) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'uploading', progress: 0 });
    try {
      const audio = await uploadAudioFile(
        input,
        (percent) => {
          if (!abort.signal.aborted) setState({ status: 'uploading', progress: Math.round(percent) });
        },
        {
          send: (options) => sendXhr({ ...options, signal: abort.signal }),
          accessToken: () => tokens.getAccessToken(),
          refresh: () => api.refresh(),
          endSession,
          signal: abort.signal,
        },
      );
      if (abort.signal.aborted) return null;
      setState({ status: 'success', audio });
      return audio;
    } catch (err) {
      if (!abort.signal.aborted)
        setState({ status: 'error', message: uploadErrorMessage(err, i18n.t('audio:errors.uploadAudio')) });
      return null;
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, upload, cancel, reset };
}
