import { type LanguageModel, NoObjectGeneratedError, Output, streamText } from 'ai';
import type { z } from 'zod';
import { abortReason } from '../../speech/abort-signals.ts';
import { toWriterError, WriterError } from './writer-errors.ts';

/** One structured request to a language model. */
export interface StructuredCall<S extends z.ZodType> {
  model: LanguageModel;
  /** Names the model in messages: "OpenAI-compatible server at http://…". */
  service: string;
  schema: S;
  system: string;
  prompt: string;
  maxOutputTokens: number;
  /** Longest the whole answer may take, streamed or not. */
  timeoutMs: number;
  /** Retries of a 429, a 5xx or a failed connection, with growing waits (Retry-After honoured). */
  maxRetries: number;
  /** Times an answer that is not valid JSON for the schema is asked for again. */
  invalidOutputRetries: number;
  signal: AbortSignal;
  /** Characters of answer received so far: real progress while the model writes. */
  onOutput?(chars: number): void;
  /** The answer's text so far (partial JSON), for a caller that shows parts as they are written. */
  onText?(text: string): void;
}

/**
 * Streams a structured answer and validates it with the zod schema. Failures come out as
 * `WriterError`s in the spec's words: no answer in time, a refusal, invalid JSON (after asking
 * again), a busy or unreachable server. An abort of `signal` rejects with its reason.
 */
export async function streamStructured<S extends z.ZodType>(call: StructuredCall<S>): Promise<z.infer<S>> {
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(call.timeoutMs);
    try {
      return await once(call, AbortSignal.any([call.signal, timeout]));
    } catch (err) {
      if (call.signal.aborted) throw abortReason(call.signal);
      if (timeout.aborted) {
        throw new WriterError(
          'timeout',
          `${call.service} gave no complete answer within ${call.timeoutMs} ms`,
          {
            cause: err,
          },
        );
      }
      const error = toWriterError(err, call.service);
      if (error.failure === 'invalid_output' && attempt < call.invalidOutputRetries) continue;
      throw error;
    }
  }
}

async function once<S extends z.ZodType>(call: StructuredCall<S>, signal: AbortSignal): Promise<z.infer<S>> {
  const result = streamText({
    model: call.model,
    system: call.system,
    prompt: call.prompt,
    output: Output.object({ schema: call.schema }),
    maxOutputTokens: call.maxOutputTokens,
    maxRetries: call.maxRetries,
    abortSignal: signal,
    // Errors are read from the stream below; the default handler would print them.
    onError: () => {},
  });
  let text = '';
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') text += part.text;
    // Anthropic's JSON-tool mode streams the object as tool input.
    else if (part.type === 'tool-input-delta') text += part.delta;
    else if (part.type === 'error') throw part.error;
    else if (part.type === 'abort') throw abortReason(signal);
    else continue;
    call.onOutput?.(text.length);
    call.onText?.(text);
  }
  const finish = await result.finishReason;
  if (finish === 'content-filter') {
    const said = text.trim().slice(0, 300);
    throw new WriterError('refused', `${call.service} declined to write this${said ? `: ${said}` : ''}`);
  }
  try {
    return (await result.output) as z.infer<S>;
  } catch (err) {
    if (!NoObjectGeneratedError.isInstance(err)) throw err;
    const why =
      finish === 'length'
        ? `the answer was cut off at ${call.maxOutputTokens} tokens`
        : `the answer was not valid JSON for the content schema (${firstLine(err.cause ?? err)})`;
    throw new WriterError('invalid_output', `${call.service}: ${why}`, { cause: err });
  }
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message.split('\n')[0] ?? message).slice(0, 200);
}
