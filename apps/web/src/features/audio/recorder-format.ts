import { LIMITS } from '@voxpress/contracts';
import { formatClock, formatMegabytes } from '../../i18n/format.ts';

export { formatMegabytes };

/** Elapsed time as mm:ss, or h:mm:ss from an hour (whole seconds, rounded down): 65 400 ms → "01:05". */
export const formatElapsed = formatClock;

/** A file's duration and size as the capture panel shows them: "00:15 · 0.48 MB". */
export function fileFigures(durationS: number | null, bytes: number | null): string {
  return `${durationS === null ? '—' : formatElapsed(durationS * 1000)} · ${bytes === null ? '—' : formatMegabytes(bytes)}`;
}

/** Why a recording must stop now, if it must: 300 s of audio or 50 MB of data (spec section 9). */
export function autoStopReason(elapsedMs: number, bytes: number): 'time' | 'size' | null {
  if (elapsedMs >= LIMITS.maxRecordingSeconds * 1000) return 'time';
  if (bytes >= LIMITS.maxRecordingBytes) return 'size';
  return null;
}

/** A clock that does not count paused time. Plain data, so it is easy to test and to keep in a ref. */
export interface Stopwatch {
  startedAt: number;
  pausedAt: number | null;
  pausedTotal: number;
}

export function startStopwatch(now: number): Stopwatch {
  return { startedAt: now, pausedAt: null, pausedTotal: 0 };
}

export function pauseStopwatch(sw: Stopwatch, now: number): Stopwatch {
  return sw.pausedAt === null ? { ...sw, pausedAt: now } : sw;
}

export function resumeStopwatch(sw: Stopwatch, now: number): Stopwatch {
  if (sw.pausedAt === null) return sw;
  return { ...sw, pausedAt: null, pausedTotal: sw.pausedTotal + (now - sw.pausedAt) };
}

/** Milliseconds of recording so far, excluding every pause (including a pause still running). */
export function stopwatchElapsed(sw: Stopwatch, now: number): number {
  const pausedNow = sw.pausedAt === null ? 0 : now - sw.pausedAt;
  return Math.max(0, now - sw.startedAt - sw.pausedTotal - pausedNow);
}
