import { type MonitorDeps, type MonitorHandlers, monitorAudioStatus } from './audio-monitor.ts';

/** Speaker detection is waiting for its turn or running. */
export const detectingSpeakers = (status: string | undefined): boolean =>
  status === 'queued' || status === 'processing';

/**
 * Follows speaker detection on the item's status stream (the same stream as transcription, which
 * stays open until the speakers are found, detection failed or is off), polling and giving up
 * as transcription does. Returns a stop function.
 */
export function monitorSpeakers(deps: MonitorDeps, handlers: MonitorHandlers): () => void {
  return monitorAudioStatus(
    (s) => !detectingSpeakers(s.speakers_status) || s.status === 'failed',
    deps,
    handlers,
  );
}
