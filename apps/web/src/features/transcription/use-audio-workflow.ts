import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audio, AudioStatusEvent } from '@voxpress/contracts';
import { useCallback, useEffect, useState } from 'react';
import { i18n } from '../../i18n/i18n.ts';
import { monitorAudio, type ProcessingState, processingState } from './audio-monitor.ts';
import {
  audioKey,
  getAudio,
  getAudioLinks,
  getTranscription,
  transcribeAudio,
  transcriptionKey,
} from './transcription-api.ts';

export interface AudioWorkflow {
  audio: Audio | undefined;
  /** Null while the first read is on its way. */
  state: ProcessingState | null;
  progress: { percent: number; message: string | null };
  /** The transcription's error, or a monitoring error; null when all is well. */
  error: string | null;
  loadError: Error | null;
  transcription: ReturnType<typeof useTranscription>;
  /** Starts transcription again (after a failure, or in another language). */
  retry(language?: string): Promise<void>;
}

function useTranscription(audioId: string | null, ready: boolean) {
  return useQuery({
    queryKey: transcriptionKey(audioId ?? ''),
    queryFn: () => getTranscription(audioId as string),
    enabled: audioId !== null && ready,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * One audio item through transcription: reads its status, follows it live (SSE, then polling) while
 * it is processing — also after a reload — and loads the transcript when it is done.
 */
export function useAudioWorkflow(audioId: string | null): AudioWorkflow {
  const queryClient = useQueryClient();
  const audio = useQuery({
    queryKey: audioKey(audioId ?? ''),
    queryFn: () => getAudio(audioId as string),
    enabled: audioId !== null,
    retry: false,
  });
  const [monitorError, setMonitorError] = useState<string | null>(null);
  const state = audio.data ? processingState(audio.data) : null;
  const transcription = useTranscription(audioId, state === 'completed');

  useEffect(() => {
    if (!audioId || state !== 'processing') return;
    setMonitorError(null);
    const apply = (s: AudioStatusEvent) =>
      queryClient.setQueryData<Audio>(audioKey(audioId), (old) =>
        old
          ? {
              ...old,
              status: s.status as Audio['status'],
              transcription_status: s.transcription_status as Audio['transcription_status'],
              transcription_id: s.transcription_id,
              progress: s.progress,
              error: s.error,
            }
          : old,
      );
    let stop = () => {};
    let cancelled = false;
    // The stream's link comes first; without one (offline, refused) the monitor polls instead.
    void getAudioLinks(audioId)
      .then((links) => links.status_url)
      .catch(() => null)
      .then((streamUrl) => {
        if (cancelled) return;
        stop = monitorAudio(
          {
            openStream: () =>
              streamUrl && typeof EventSource !== 'undefined' ? new EventSource(streamUrl) : null,
            poll: () => getAudio(audioId),
            setTimeout: (fn, ms) => window.setTimeout(fn, ms),
            clearTimeout: (handle) => window.clearTimeout(handle as number),
          },
          { onStatus: apply, onError: setMonitorError },
        );
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [audioId, state, queryClient]);

  const retry = useCallback(
    async (language?: string) => {
      if (!audioId) return;
      setMonitorError(null);
      const next = await transcribeAudio(audioId, language);
      queryClient.removeQueries({ queryKey: transcriptionKey(audioId) });
      queryClient.setQueryData(audioKey(audioId), next);
    },
    [audioId, queryClient],
  );

  const failed = state === 'failed';
  return {
    audio: audio.data,
    state,
    progress: audio.data?.progress ?? { percent: 0, message: null },
    error:
      monitorError ?? (failed ? audio.data?.error || i18n.t('transcription:workflow.processingError') : null),
    loadError: audio.error,
    transcription,
    retry,
  };
}
