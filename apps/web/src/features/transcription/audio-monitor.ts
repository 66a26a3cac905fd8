import type { AudioStatusEvent } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { errorMessage } from '../../lib/error-message.ts';
import {
  monitorStatus,
  type StatusMonitorDeps,
  type StatusMonitorHandlers,
} from '../../lib/status-monitor.ts';

/** Where an audio item stands, as the workflow shows it. */
export type ProcessingState = 'processing' | 'completed' | 'failed';

/**
 * The spec's rule: complete when status and transcription_status are both completed and a
 * transcription id exists (case-insensitive); failed when either status is failed; else processing.
 */
export function processingState(
  s: Pick<AudioStatusEvent, 'status' | 'transcription_status' | 'transcription_id'>,
): ProcessingState {
  const status = s.status.toLowerCase();
  const transcription = s.transcription_status.toLowerCase();
  if (status === 'failed' || transcription === 'failed') return 'failed';
  if (status === 'completed' && transcription === 'completed' && s.transcription_id) return 'completed';
  return 'processing';
}

export type MonitorDeps = StatusMonitorDeps<AudioStatusEvent>;
export type MonitorHandlers = StatusMonitorHandlers<AudioStatusEvent>;

/**
 * Follows an audio item's status stream until `settled` says the awaited work is over, under the
 * spec's limits and monitoring texts: server-sent events first; when the stream breaks, polling
 * every 3 s for at most 60 attempts ('Polling timeout'), where a failed poll stops it; while a
 * stream stays silent for 15 s, one poll checks the status. Returns a stop function.
 */
export function monitorAudioStatus(
  settled: (status: AudioStatusEvent) => boolean,
  deps: MonitorDeps,
  handlers: MonitorHandlers,
): () => void {
  return monitorStatus(
    {
      settled,
      intervalMs: LIMITS.statusPollIntervalMs,
      maxAttempts: LIMITS.statusPollMaxAttempts,
      maxErrors: 1,
      timedOut: () => i18n.t('transcription:workflow.pollingTimeout'),
      pollFailed: (err) => errorMessage(err, i18n.t('transcription:workflow.monitorFailed')),
    },
    deps,
    handlers,
  );
}

/** Follows an audio item until it is completed or failed (see `monitorAudioStatus`). */
export function monitorAudio(deps: MonitorDeps, handlers: MonitorHandlers): () => void {
  return monitorAudioStatus((status) => processingState(status) !== 'processing', deps, handlers);
}
