import { useQuery } from '@tanstack/react-query';
import { audioTooLongDetail, type ErrorParams } from '@voxpress/contracts';
import { detailMessage } from '../../lib/api-error.ts';
import { CLIENT_CONFIG_KEY, fetchClientConfig } from '../auth/auth-api.ts';

/**
 * The longest audio this server accepts, in seconds (MAX_AUDIO_MINUTES), from its client
 * configuration; null until it is known (then the server's own check still applies).
 */
export function useMaxAudioSeconds(): number | null {
  const config = useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: 5 * 60_000 });
  return config.data?.max_audio_seconds ?? null;
}

/**
 * The refusal of audio longer than the server accepts, word for word what the server would answer
 * after the upload (422 `audio_too_long`): its English sentence, or its code's message in the
 * interface language.
 */
export function audioTooLongMessage(limitS: number, durationS: number | null): string {
  const params: ErrorParams = { limit_s: limitS };
  if (durationS !== null) params.duration_s = Math.round(durationS);
  return detailMessage(422, audioTooLongDetail(limitS, durationS), { code: 'audio_too_long', params });
}

/** Null when audio of `durationS` seconds may be sent; else why not. Unknown lengths are the server's to check. */
export function audioLengthProblem(durationS: number | null, limitS: number | null): string | null {
  if (limitS === null || durationS === null || !Number.isFinite(durationS)) return null;
  return durationS > limitS ? audioTooLongMessage(limitS, durationS) : null;
}

/** The parts of an `<audio>` element reading a file's length uses (tests pass their own). */
export interface MediaProbe {
  preload: string;
  src: string;
  duration: number;
  currentTime: number;
  addEventListener(type: 'loadedmetadata' | 'durationchange' | 'error', listener: () => void): void;
  removeAttribute(name: 'src'): void;
  load(): void;
}

export interface DurationDeps {
  createProbe(): MediaProbe;
  createUrl(file: Blob): string;
  revokeUrl(url: string): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserDeps: DurationDeps = {
  createProbe: () => new Audio(),
  createUrl: (file) => URL.createObjectURL(file),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** How long reading the length may take before the file is sent anyway (the server checks). */
export const DURATION_PROBE_MS = 8000;

/**
 * A file's length in seconds as the browser reads it from its metadata, without decoding or
 * uploading it; null when the browser cannot tell (a format it does not play, a damaged header).
 * A WebM from a recorder declares no length: seeking far past its end makes the browser find it.
 */
export function readAudioDuration(file: Blob, deps: DurationDeps = browserDeps): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = deps.createProbe();
    const url = deps.createUrl(file);
    let settled = false;
    const finish = (duration: number | null) => {
      if (settled) return;
      settled = true;
      deps.clearTimeout(timer);
      probe.removeAttribute('src');
      probe.load();
      deps.revokeUrl(url);
      resolve(duration !== null && Number.isFinite(duration) && duration >= 0 ? duration : null);
    };
    const timer = deps.setTimeout(() => finish(null), DURATION_PROBE_MS);
    probe.addEventListener('loadedmetadata', () => {
      if (Number.isFinite(probe.duration)) finish(probe.duration);
      else probe.currentTime = Number.MAX_SAFE_INTEGER;
    });
    probe.addEventListener('durationchange', () => {
      if (Number.isFinite(probe.duration) && probe.duration > 0) finish(probe.duration);
    });
    probe.addEventListener('error', () => finish(null));
    probe.preload = 'metadata';
    probe.src = url;
  });
}
