import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { STORAGE_FULL_DETAIL } from '../../storage/storage-full.ts';
import { abortReason } from './abort-signals.ts';
import { endWithServer } from './child-lifetime.ts';
import { findExecutable, tail } from './executables.ts';
import { SpeechEngineError } from './speech-engine.ts';
import { type LimitSupport, limitedCommand, type ProcessLimits } from './untrusted-process.ts';

/** What users see when ffmpeg cannot make audio out of a file. */
export const UNDECODABLE_AUDIO =
  'The audio could not be decoded. The file may be damaged or not an audio file.';

/**
 * Every file ffmpeg reads comes from a user, so it runs boxed in: it may open local files only (no
 * network or other protocols a crafted playlist could name), within an address space of 1 GiB
 * (the system ffmpeg needs ~300 MB just to load its libraries), at the lowest CPU priority but
 * one, and for at most `DEFAULT_TIME_LIMIT_MS`.
 */
export const FFMPEG_LIMITS: ProcessLimits = { memoryBytes: 1024 ** 3, niceness: 10 };
/** Decoding 100 MB of any accepted format takes seconds; minutes means something is wrong. */
export const DEFAULT_TIME_LIMIT_MS = 10 * 60 * 1000;

/**
 * ffmpeg's own report of a write that failed for want of space ("Error writing trailer of
 * out.wav: No space left on device"), at the start of a line: the input's metadata, which a file
 * controls, is printed indented and never taken for it.
 */
const WRITE_FAILED_FOR_SPACE = /^\S.*: (?:No space left on device|Disk quota exceeded)\s*$/m;

/** Which ffmpeg runs, and whether it is the old static build bundled with the npm package. */
export interface FfmpegInfo {
  path: string;
  bundled: boolean;
}

let located: FfmpegInfo | undefined;

/**
 * The ffmpeg to run: the system's `ffmpeg` on PATH when there is one (current codecs, distro
 * security updates), else the static build (2018) shipped in `@ffmpeg-installer/ffmpeg` so that
 * `npm` alone is enough.
 */
export function ffmpegInfo(): FfmpegInfo {
  if (located) return located;
  const system = findExecutable('ffmpeg');
  located = system
    ? { path: system, bundled: false }
    : {
        path: (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path,
        bundled: true,
      };
  return located;
}

export const ffmpegPath = (): string => ffmpegInfo().path;

/**
 * What the start-up log says about decoding: a warning when only the old bundled ffmpeg is there
 * (no security updates since 2018) or when no memory limit can be applied.
 */
export function ffmpegNotice(
  info: FfmpegInfo,
  support: LimitSupport,
): { level: 'info' | 'warn'; message: string } {
  const problems: string[] = [];
  if (info.bundled)
    problems.push(
      `no ffmpeg on PATH: decoding uploads with the bundled static ffmpeg from 2018 (${info.path}), which has no security fixes since; install the system ffmpeg (Debian/Ubuntu: apt-get install ffmpeg)`,
    );
  if (support.memory === 'none')
    problems.push('neither prlimit (util-linux) nor sh found: ffmpeg runs without a memory limit');
  if (support.priority === 'none')
    problems.push('nice (coreutils) not found: ffmpeg runs at normal CPU priority');
  if (problems.length) return { level: 'warn', message: problems.join('; ') };
  return {
    level: 'info',
    message: `decoding with ${info.path} (local files only, memory limit by ${support.memory}, nice ${FFMPEG_LIMITS.niceness})`,
  };
}

/** Options of one ffmpeg run. */
export interface RunOptions {
  signal?: AbortSignal | undefined;
  /** 0–1: decoded time over the input's duration. Only reported at the end when the duration is unknown. */
  onProgress?: ((fraction: number) => void) | undefined;
  /** Wall-clock limit; ffmpeg is killed and the run fails when it is reached. */
  timeLimitMs?: number | undefined;
  limits?: ProcessLimits | undefined;
}

export interface FfmpegRun {
  declaredS: number | null;
  decodedS: number;
  /** The start of stderr: the input summary and early warnings. */
  header: string;
  /** The end of stderr: the last errors. */
  stderr: string;
}

/**
 * Runs ffmpeg on one input with progress on stdout. Rejects with a non-retryable
 * `SpeechEngineError`: `UNDECODABLE_AUDIO` on a non-zero exit, a plain reason when a limit stopped it.
 */
export function runFfmpeg(
  inputArgs: string[],
  outputArgs: string[],
  options: RunOptions = {},
): Promise<FfmpegRun> {
  const { signal, onProgress } = options;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const args = [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      // An input option: applies to the file and to anything it refers to (playlists, concat lists).
      '-protocol_whitelist',
      'file',
      ...inputArgs,
      '-progress',
      'pipe:1',
      ...outputArgs,
    ];
    const command = limitedCommand(ffmpegPath(), args, options.limits ?? FFMPEG_LIMITS);
    const child = endWithServer(spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let header = '';
    let stderr = '';
    let declaredS: number | null = null;
    let decodedS = 0;
    let reported = 0;
    let timedOut = false;
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeLimitMs);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the input summary and the last lines matter; memory stays bounded on chatty files.
      if (header.length < 8192) {
        header = (header + chunk).slice(0, 8192);
        declaredS = parseDeclaredDuration(header);
      }
      stderr = (stderr + chunk).slice(-8192);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (!match) return;
      // Both keys are microseconds (out_time_ms is a long-standing misnomer in ffmpeg).
      decodedS = Math.max(decodedS, Number(match[1]) / 1e6);
      if (declaredS && onProgress) {
        const fraction = Math.min(0.99, decodedS / declaredS);
        if (fraction > reported) {
          reported = fraction;
          onProgress(fraction);
        }
      }
    });
    child.on('error', (err) => {
      done();
      reject(new SpeechEngineError(`ffmpeg could not be started: ${err.message}`, false, { cause: err }));
    });
    child.on('close', (code) => {
      done();
      if (signal?.aborted) return reject(abortReason(signal));
      const cause = new Error(tail(stderr));
      if (timedOut) {
        const limit = Math.max(1, Math.round(timeLimitMs / 1000));
        return reject(
          new SpeechEngineError(
            `Decoding the audio took longer than ${limit} s and was stopped. The file may be damaged; try exporting it again.`,
            false,
            { cause },
          ),
        );
      }
      // A full disk is not the file's fault; ffmpeg may even exit 0 with its output cut short.
      if (WRITE_FAILED_FOR_SPACE.test(stderr)) {
        return reject(
          new SpeechEngineError(STORAGE_FULL_DETAIL, false, {
            cause: Object.assign(cause, { code: 'ENOSPC' }),
          }),
        );
      }
      if (code !== 0 && /Cannot allocate memory|failed to map segment|out of memory/i.test(stderr)) {
        return reject(
          new SpeechEngineError(
            'Decoding the audio needed more memory than allowed and was stopped. The file may be damaged; try exporting it again.',
            false,
            { cause },
          ),
        );
      }
      if (code !== 0) return reject(new SpeechEngineError(UNDECODABLE_AUDIO, false, { cause }));
      resolve({ declaredS, decodedS, header, stderr });
    });
  });
}

/** The first `Duration: HH:MM:SS.ss` of ffmpeg's input summary; null for `N/A` or none yet. */
export function parseDeclaredDuration(stderr: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return seconds > 0 ? seconds : null;
}
