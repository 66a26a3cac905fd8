import type { InfographicJobEvent } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { errorMessage, isNoAnswer, isTimeout } from '../../lib/error-message.ts';
import {
  monitorStatus,
  type StatusMonitorDeps,
  type StatusMonitorHandlers,
} from '../../lib/status-monitor.ts';
import { jobSettled } from './job-messages.ts';

/** Job polling (spec §9): every 2000 ms. */
export const JOB_POLL_INTERVAL_MS = 2000;
/** Polls before giving up: 15 minutes, far past the 1–2 minutes a job usually takes. */
export const JOB_POLL_MAX_ATTEMPTS = 450;
/** Failed polls in a row that stop following (a server restart is shorter). */
export const JOB_POLL_MAX_ERRORS = 5;

export type JobMonitorDeps = StatusMonitorDeps<InfographicJobEvent>;
export type JobMonitorHandlers = StatusMonitorHandlers<InfographicJobEvent>;

/**
 * Follows an infographic job until it is completed or failed: its status stream first; on a
 * failure or error of the stream, polling every 2000 ms until it settles (spec §7).
 */
export function monitorJob(deps: JobMonitorDeps, handlers: JobMonitorHandlers): () => void {
  return monitorStatus(
    {
      settled: jobSettled,
      intervalMs: JOB_POLL_INTERVAL_MS,
      maxAttempts: JOB_POLL_MAX_ATTEMPTS,
      maxErrors: JOB_POLL_MAX_ERRORS,
      timedOut: () => i18n.t('infographics:job.timedOut'),
      pollFailed: (err) => {
        if (isNoAnswer(err) || isTimeout(err)) return errorMessage(err);
        const detail = err instanceof Error && err.message ? err.message.replace(/\.$/, '') : '';
        return detail
          ? i18n.t('infographics:job.followFailedDetail', { detail })
          : i18n.t('infographics:job.followFailed');
      },
    },
    deps,
    handlers,
  );
}
