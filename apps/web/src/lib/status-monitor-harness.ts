import type { StatusMonitorDeps, StatusMonitorHandlers } from './status-monitor.ts';

// For the status monitors' tests: a stream and a clock the test drives by hand.

/** An EventSource stand-in the test drives by hand. */
export class FakeEventSource extends EventTarget {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  close() {
    this.closed = true;
  }
  /** Sends `data` as JSON: as a named event when `type` is given, else as a plain message. */
  message(data: unknown, type?: string) {
    const event = new MessageEvent(type ?? 'message', { data: JSON.stringify(data) });
    if (type) this.dispatchEvent(event);
    else this.onmessage?.(event);
  }
}

/**
 * Starts `monitor` on a fake stream (or none, `stream: false`) and a fake clock whose timers run
 * only when the test calls `tick`, with their delays recorded. Polls answer from `polls` in order
 * (an Error is thrown), then with `idle()`.
 */
export function monitorHarness<E>(
  monitor: (deps: StatusMonitorDeps<E>, handlers: StatusMonitorHandlers<E>) => () => void,
  options: { stream: boolean; idle: () => E; polls?: Array<E | Error>; maxAttempts?: number },
) {
  const source = new FakeEventSource();
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const seen: E[] = [];
  const errors: string[] = [];
  const polls = [...(options.polls ?? [])];
  let pollCount = 0;
  const stop = monitor(
    {
      openStream: () => (options.stream ? (source as unknown as EventSource) : null),
      poll: async () => {
        pollCount += 1;
        const next = polls.shift() ?? options.idle();
        if (next instanceof Error) throw next;
        return next;
      },
      setTimeout: (fn, ms) => {
        const timer = { fn, ms };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => {
        const at = timers.indexOf(handle as (typeof timers)[number]);
        if (at >= 0) timers.splice(at, 1);
      },
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    },
    { onStatus: (s) => seen.push(s), onError: (m) => errors.push(m) },
  );
  /** Lets the promises already under way (a poll's answer) finish. */
  const settle = () => new Promise((r) => setTimeout(r, 0));
  /** Runs the earliest pending timer, then settles. */
  const tick = async () => {
    timers.shift()?.fn();
    await settle();
  };
  return { source, seen, errors, stop, tick, settle, timers, polls: () => pollCount };
}
