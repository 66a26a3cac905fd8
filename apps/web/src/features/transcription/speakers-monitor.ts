import type { AudioStatusEvent } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { errorMessage } from '../../lib/error-message.ts';
import {
  monitorStatus,
  type StatusMonitorDeps,
  type StatusMonitorHandlers,
} from '../../lib/status-monitor.ts';

/** Speaker detection is waiting for its turn or running. */
export const detectingSpeakers = (status: string | undefined): boolean =>
  status === 'queued' || status === 'processing';

/**
 * Follows speaker detection on the item's status stream (the same stream as transcription, which
 * stays open until the speakers are found, detection failed or is off): server-sent events first,
 * then polling when the stream breaks, as for transcription. Returns a stop function.
 */
export function monitorSpeakers(
  deps: StatusMonitorDeps<AudioStatusEvent>,
  handlers: StatusMonitorHandlers<AudioStatusEvent>,
): () => void {
  return monitorStatus(
    {
      settled: (s) => !detectingSpeakers(s.speakers_status) || s.status === 'failed',
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
