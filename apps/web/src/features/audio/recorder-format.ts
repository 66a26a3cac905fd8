import { LIMITS } from '@voxpress/contracts';
import { formatClock, formatMegabytes } from '../../i18n/format.ts';

export { formatMegabytes };

/** Elapsed time as mm:ss, or h:mm:ss from an hour (whole seconds, rounded down): 65 400 ms → "01:05". */
export const formatElapsed = formatClock;

/** A file's duration and size as the capture panel shows them: "00:15 · 0.48 MB". */
export function fileFigures(durationS: number | null, bytes: number | null): string {
  return `${durationS === null ? '—' : formatElapsed(durationS * 1000)} · ${bytes === null ? '—' : formatMegabytes(bytes)}`;
}

/**
 * How long a recording may run, in seconds: the spec's 300 s, or less when this server accepts
 * shorter audio (MAX_AUDIO_MINUTES), then a second short of the server's limit, as the browser's
 * clock and the length the server decodes can differ by a fraction of a second.
 */
export function recordingTimeLimitS(maxAudioSeconds: number | null): number {
  if (maxAudioSeconds === null || maxAudioSeconds - 1 >= LIMITS.maxRecordingSeconds) {
    return LIMITS.maxRecordingSeconds;
  }
  return Math.max(1, maxAudioSeconds - 1);
}

/**
 * Why a recording must stop now, if it must: its time limit (300 s of audio, or this server's
 * shorter one) or 50 MB of data (spec section 9).
 */
export function autoStopReason(
  elapsedMs: number,
  bytes: number,
  limitS: number = LIMITS.maxRecordingSeconds,
): 'time' | 'size' | null {
  if (elapsedMs >= limitS * 1000) return 'time';
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
