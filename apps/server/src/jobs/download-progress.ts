import type { JobContext } from '../queue/queue.ts';

/**
 * A model download's progress told on its job: once per whole percent, in order, and never 100
 * before the download has been checked and kept. `settled` waits for the reports sent so far.
 */
export function downloadProgress(
  progress: JobContext<unknown>['progress'],
  { decimals = 0, onPercent }: { decimals?: number; onPercent?: (percent: number) => void } = {},
) {
  let reported = -1;
  let pending: Promise<void> = Promise.resolve();
  const mb = (n: number) => (n / 1024 / 1024).toFixed(decimals);
  return {
    /** The last whole percent told (0 before any). */
    get percent() {
      return Math.max(0, reported);
    },
    onProgress(received: number, total: number): void {
      const percent = Math.floor((received / total) * 100);
      if (percent <= reported) return;
      reported = percent;
      onPercent?.(percent);
      pending = pending.then(() => progress(Math.min(percent, 99), `${mb(received)} of ${mb(total)} MB`));
    },
    settled: () => pending,
  };
}
