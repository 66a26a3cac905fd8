import type {
  InfographicJob,
  InfographicJobEvent,
  InfographicJobSubmit,
  InfographicJobSubmitted,
} from '@voxpress/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message.ts';
import { jobFailureText, jobSubmitErrorText } from './infographic-errors.ts';
import { getJob, submitJob } from './infographics-api.ts';
import { jobSettled } from './job-messages.ts';
import { monitorJob } from './job-monitor.ts';

/** Where a background set stands, as the progress modal shows it. */
export type JobView =
  | { phase: 'submitting' }
  | { phase: 'running'; job: InfographicJobEvent }
  | { phase: 'completed'; job: InfographicJob }
  | { phase: 'failed'; message: string; job: InfographicJobEvent | null };

/** The job as known right after it was queued. */
function firstEvent(submitted: InfographicJobSubmitted, request: InfographicJobSubmit): InfographicJobEvent {
  return {
    job_id: submitted.job_id,
    status: submitted.status,
    progress: 0,
    current_step: submitted.current_step,
    completed_variations: 0,
    total_variations: submitted.total_variations,
    error_message: null,
    content_id: request.content_id ?? null,
    priority: request.priority ?? 5,
    created_at: '',
    updated_at: '',
  };
}

/**
 * Submits a set as a job once (only while `active`, with a request, and no job yet: spec §5) and
 * follows it: its status stream, polling every 2000 ms when the stream fails. `retry` clears it
 * all and submits again.
 */
export function useInfographicJob(request: InfographicJobSubmit | null, active: boolean) {
  const [view, setView] = useState<JobView>({ phase: 'submitting' });
  const [attempt, setAttempt] = useState(0);
  const [submitted, setSubmitted] = useState<InfographicJobSubmitted | null>(null);
  const submittedFor = useRef<number | null>(null);
  const current = useRef(attempt);
  current.current = attempt;

  useEffect(() => {
    if (!active || !request || submittedFor.current === attempt) return;
    submittedFor.current = attempt;
    const mine = attempt;
    setSubmitted(null);
    setView({ phase: 'submitting' });
    submitJob(request).then(
      (job) => {
        if (current.current !== mine) return;
        setSubmitted(job);
        setView({ phase: 'running', job: firstEvent(job, request) });
      },
      (err: unknown) => {
        if (current.current === mine)
          setView({ phase: 'failed', message: jobSubmitErrorText(err), job: null });
      },
    );
  }, [active, request, attempt]);

  useEffect(() => {
    if (!submitted) return;
    let cancelled = false;
    const finish = (job: InfographicJob) => {
      if (cancelled) return;
      if (job.status === 'failed') setView({ phase: 'failed', message: jobFailureText(job), job });
      else setView({ phase: 'completed', job });
    };
    const stop = monitorJob(
      {
        openStream: () => (typeof EventSource === 'undefined' ? null : new EventSource(submitted.stream_url)),
        poll: () => getJob(submitted.job_id),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (handle) => window.clearTimeout(handle as number),
      },
      {
        onStatus: (job) => {
          if (cancelled) return;
          if (!jobSettled(job)) setView({ phase: 'running', job });
          // Stream events leave the images out: the finished job is read once more, in full.
          else if ('results' in job) finish(job as InfographicJob);
          else
            getJob(job.job_id).then(finish, (err: unknown) => {
              if (!cancelled) setView({ phase: 'failed', message: errorMessage(err, String(err)), job });
            });
        },
        onError: (message) => {
          if (cancelled) return;
          setView((v) => ({ phase: 'failed', message, job: v.phase === 'running' ? v.job : null }));
        },
      },
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [submitted]);

  // Try Again clears everything and submits again (spec §4).
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { view, retry };
}
