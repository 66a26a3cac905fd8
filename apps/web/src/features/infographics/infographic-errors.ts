import type { InfographicJob } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { errorMessage } from '../../lib/error-message.ts';

const t = i18n.getFixedT(null, 'infographics');

// The spec's infographic error texts (§8): what the server said when it said something, the
// failure's own message next, the spec's sentence last. An `ApiError` already carries the server's
// detail (or, in another interface language, its code's message) as its message.

/** What went wrong in words, or null when the error says nothing a person can read. */
function messageOf(error: unknown): string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  const text = errorMessage(error, '');
  return text.trim() ? text : null;
}

/** An answer that came back but made nothing: its own `error` is the server's word. */
interface Outcome {
  success: boolean;
  error: string | null;
}

function choose(fallback: string, error: unknown, outcome?: Outcome | null): string {
  if (outcome && !outcome.success && outcome.error?.trim()) return outcome.error;
  return messageOf(error) ?? fallback;
}

/** The template variations: server detail or message, else the spec's sentence. */
export const generationErrorText = (error: unknown, outcome?: Outcome | null) =>
  choose(t('errors.generate'), error, outcome);

/** The style variations: the server's error, the response detail, the exception, the sentence. */
export const styleErrorText = (error: unknown, outcome?: Outcome | null) =>
  choose(t('errors.styles'), error, outcome);

/** The AI custom infographic. */
export const customErrorText = (error: unknown, outcome?: Outcome | null) =>
  choose(t('errors.custom'), error, outcome);

/** A job the server would not queue. */
export const jobSubmitErrorText = (error: unknown) => choose(t('errors.submit'), error);

/** A job that ended failed: its `error_message`, else 'Job failed'. */
export function jobFailureText(job: Pick<InfographicJob, 'error_message'>): string {
  return job.error_message?.trim() ? job.error_message : t('errors.jobFailed');
}
