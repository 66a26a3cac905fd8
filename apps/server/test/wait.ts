import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  /** How long to keep asking (default a minute). */
  timeoutMs?: number;
  /** How long to wait between two questions (default 100 ms). */
  everyMs?: number;
}

async function poll<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timedOut: (last: T) => string,
  { timeoutMs = 60_000, everyMs = 100 }: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(timedOut(value));
    await sleep(everyMs);
  }
}

/**
 * Reads until `done` holds for what was read, and returns that; fails after `timeoutMs` showing
 * the last value read.
 */
export function readUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  options: WaitOptions = {},
): Promise<T> {
  return poll(read, done, (last) => `Timed out; last value: ${JSON.stringify(last)}`, options);
}

/**
 * Asks `probe` until it returns a value other than undefined, and returns that value; fails after
 * `timeoutMs` naming `what` it waited for.
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  options: WaitOptions = {},
): Promise<T> {
  const value = await poll(
    probe,
    (v) => v !== undefined,
    () => `Timed out waiting for ${what}`,
    options,
  );
  return value as T;
}
