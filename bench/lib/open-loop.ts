/**
 * Open-loop load: requests go out on a schedule whatever the answers do, so a slow server shows as
 * latency, not as fewer requests.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Sends a request every 1/`ratePerS` s for `seconds`, and answers each one's latency in ms. */
export async function burst(
  request: () => Promise<number>,
  seconds: number,
  ratePerS: number,
): Promise<number[]> {
  const count = Math.round(seconds * ratePerS);
  const started = performance.now();
  const pending: Promise<number>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / ratePerS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(request());
  }
  return Promise.all(pending);
}

/** One GET, answering its latency in ms; anything but 200 is an error. */
export async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return performance.now() - started;
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
