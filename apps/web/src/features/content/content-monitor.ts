import type { ContentStatusEvent } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { errorMessage, isNoAnswer, isTimeout } from '../../lib/error-message.ts';
import {
  monitorStatus,
  type StatusMonitorDeps,
  type StatusMonitorHandlers,
} from '../../lib/status-monitor.ts';

/** True once a piece is done, one way or the other: live updates stop there. */
export function isSettled(status: string): boolean {
  const s = status.toLowerCase();
  return s === 'completed' || s === 'failed';
}

export type ContentMonitorDeps = StatusMonitorDeps<ContentStatusEvent>;
export type ContentMonitorHandlers = StatusMonitorHandlers<ContentStatusEvent>;

/**
 * Follows one piece of content until it is completed or failed: server-sent events first; when the
 * stream breaks, polling every 5 s for at most 180 polls ('Enhancement timed out. Please try
 * again.'), where three failed polls in a row stop it ('Failed to check enhancement status: … .
 * Please try again.'); while the stream stays silent for 15 s, one poll checks. Returns a stop
 * function.
 */
export function monitorContent(deps: ContentMonitorDeps, handlers: ContentMonitorHandlers): () => void {
  return monitorStatus(
    {
      settled: (status) => isSettled(status.status),
      intervalMs: LIMITS.enhancePollIntervalMs,
      maxAttempts: LIMITS.enhancePollMaxAttempts,
      maxErrors: LIMITS.enhancePollMaxErrors,
      timedOut: () => i18n.t('content:errors.timedOut'),
      pollFailed: (err) => {
        if (isNoAnswer(err) || isTimeout(err)) return errorMessage(err);
        const detail = err instanceof Error && err.message ? err.message.replace(/\.$/, '') : '';
        return detail
          ? i18n.t('content:errors.checkFailedDetail', { detail })
          : i18n.t('content:errors.checkFailed');
      },
    },
    deps,
    handlers,
  );
}
