import { APICallError, RetryError } from 'ai';
import { describeNetworkError } from '../../speech/network-errors.ts';

/** Why writing failed, for the job (retry or not), the router (next engine or not) and the logs. */
export type WriterFailure =
  /** No answer in time. */
  | 'timeout'
  /** The model declined to write this. */
  | 'refused'
  /** The answer was not the JSON asked for, even after trying again. */
  | 'invalid_output'
  /** Still 429 or 5xx after the retries. */
  | 'busy'
  /** The writer itself cannot work: server unreachable, key refused, model unknown. */
  | 'unavailable';

/** The spec's sentences (section 8, Enhancement) for each failure. */
const MESSAGES: Record<WriterFailure, string> = {
  timeout: 'Enhancement timed out. Please try again.',
  refused: 'Content enhancement failed',
  invalid_output: 'Failed to enhance content. Please try again.',
  busy: 'Failed to enhance content. Please try again.',
  unavailable: 'Failed to enhance content. Please try again.',
};

/**
 * A writing failure: `message` is the spec's sentence for the user, `detail` says what happened
 * (for logs, the engines page and metadata.error when the caller shows more).
 */
export class WriterError extends Error {
  override name = 'WriterError';
  constructor(
    readonly failure: WriterFailure,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[failure], options);
  }

  /** Whether running the job again later could help. */
  get retryable(): boolean {
    return this.failure !== 'refused';
  }
}

/** Explains an AI SDK call failure in words and classifies it. */
export function toWriterError(err: unknown, service: string): WriterError {
  if (err instanceof WriterError) return err;
  const last = RetryError.isInstance(err) ? err.lastError : err;
  const retries = RetryError.isInstance(err) ? ` after ${err.errors.length} attempts` : '';
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    const said = serverMessage(last.responseBody) ?? last.message;
    if (status === 401 || status === 403)
      return new WriterError('unavailable', `${service} refused the API key (${status}): ${said}`, {
        cause: err,
      });
    if (status === 404)
      return new WriterError('unavailable', `${service} does not know that model or address (404): ${said}`, {
        cause: err,
      });
    if (status === 429 || (status !== undefined && status >= 500))
      return new WriterError('busy', `${service} answered ${status}${retries}: ${said}`, { cause: err });
    if (status === undefined)
      return new WriterError(
        'unavailable',
        `${service} could not be reached${retries}: ${describeNetworkError(last)}`,
        {
          cause: err,
        },
      );
    return new WriterError('invalid_output', `${service} answered ${status}: ${said}`, { cause: err });
  }
  return new WriterError('unavailable', `${service} failed: ${describeNetworkError(last)}`, { cause: err });
}

/** The `error.message` of an OpenAI or Anthropic error body. */
function serverMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === 'string' ? message : undefined;
  } catch {
    return body.slice(0, 200);
  }
}
