import type { SpeechRequest } from '../src/engines/speech/speech-engine.ts';

/** A transcription request for `wavPath` in English that nobody aborts; override what a test needs. */
export function speechRequest(
  wavPath: string,
  durationS: number,
  overrides: Partial<SpeechRequest> = {},
): SpeechRequest {
  return {
    wavPath,
    durationS,
    language: 'en-US',
    signal: new AbortController().signal,
    onProgress: () => {},
    ...overrides,
  };
}

/** The error a promise rejects with; fails the test when it resolves instead. */
export const failure = (promise: Promise<unknown>): Promise<Error> =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err as Error,
  );
