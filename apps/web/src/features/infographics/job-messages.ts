import type { InfographicJob } from '@voxpress/contracts';
import { formatNumber } from '../../i18n/format.ts';
import { i18n, SOURCE_LANGUAGE } from '../../i18n/i18n.ts';

const t = i18n.getFixedT(null, 'infographics');

/** The job's message in the spec's words (§4), in the interface language. */
function standardMessage(
  job: Pick<InfographicJob, 'status' | 'completed_variations' | 'total_variations'>,
): string {
  switch (job.status) {
    case 'pending':
      return t('job.status.pending');
    case 'analyzing':
      return t('job.status.analyzing');
    case 'designing':
      return t('job.status.designing');
    case 'generating':
      return t('job.status.generating', {
        done: formatNumber(job.completed_variations),
        total: formatNumber(job.total_variations),
      });
    case 'completed':
      return t('job.status.completed', {
        count: job.completed_variations,
        formatted: formatNumber(job.completed_variations),
      });
    case 'failed':
      return t('job.status.failed');
  }
}

/**
 * What the progress modal says about a job: the server's step text overrides the status table
 * (spec §4). The server writes it in English, so another interface language shows the table's
 * message for the status in its own words instead.
 */
export function jobMessage(
  job: Pick<InfographicJob, 'status' | 'current_step' | 'completed_variations' | 'total_variations'>,
  language: string = i18n.resolvedLanguage ?? SOURCE_LANGUAGE,
): string {
  if (language === SOURCE_LANGUAGE && job.current_step.trim()) return job.current_step;
  return standardMessage(job);
}

/** True once a job is done, one way or the other: live updates stop there. */
export function jobSettled(job: Pick<InfographicJob, 'status'>): boolean {
  return job.status === 'completed' || job.status === 'failed';
}
