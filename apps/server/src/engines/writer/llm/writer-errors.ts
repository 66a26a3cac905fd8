import { APICallError, RetryError } from 'ai';
import { EngineError, EngineUnavailableError } from '../../engine.ts';
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
 * A writing failure: `userMessage` is the spec's sentence for the user, `message` says what
 * happened (for logs and the engines view). Retryable unless the model refused.
 */
export class WriterError extends EngineError {
  override name = 'WriterError';
  constructor(
    readonly failure: Exclude<WriterFailure, 'unavailable'>,
    detail: string,
    options: { cause?: unknown } = {},
  ) {
    super(detail, failure !== 'refused', { ...options, userMessage: MESSAGES[failure] });
  }
}

/**
 * The writer itself cannot work (unreachable, key refused, unknown model): the engine router moves
 * on to the next writer (the built-in composer is always there).
 */
export class WriterUnavailableError extends EngineUnavailableError {
  override name = 'WriterUnavailableError';
  readonly failure = 'unavailable' as const;
  constructor(detail: string, options: { cause?: unknown } = {}) {
    super(detail, { ...options, userMessage: MESSAGES.unavailable });
  }
}

/** Either kind of writing failure; `failure` tells them apart. */
export type WriterFailureError = WriterError | WriterUnavailableError;

export function isWriterFailure(err: unknown): err is WriterFailureError {
  return err instanceof WriterError || err instanceof WriterUnavailableError;
}

/** Explains an AI SDK call failure in words and classifies it. */
export function toWriterError(err: unknown, service: string): WriterFailureError {
  if (isWriterFailure(err)) return err;
  const last = RetryError.isInstance(err) ? err.lastError : err;
  const retries = RetryError.isInstance(err) ? ` after ${err.errors.length} attempts` : '';
  const cause = { cause: err };
  if (APICallError.isInstance(last)) {
    const status = last.statusCode;
    const said = serverMessage(last.responseBody) ?? last.message;
    if (status === 401 || status === 403)
      return new WriterUnavailableError(`${service} refused the API key (${status}): ${said}`, cause);
    if (status === 404)
      return new WriterUnavailableError(
        `${service} does not know that model or address (404): ${said}`,
        cause,
      );
    if (status === 429 || (status !== undefined && status >= 500))
      return new WriterError('busy', `${service} answered ${status}${retries}: ${said}`, cause);
    if (status === undefined)
      return new WriterUnavailableError(
        `${service} could not be reached${retries}: ${describeNetworkError(last)}`,
        cause,
      );
    return new WriterError('invalid_output', `${service} answered ${status}: ${said}`, cause);
  }
  return new WriterUnavailableError(`${service} failed: ${describeNetworkError(last)}`, cause);
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
