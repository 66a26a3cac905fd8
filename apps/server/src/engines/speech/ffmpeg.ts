import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { abortReason } from './abort-signals.ts';
import { findExecutable, tail } from './executables.ts';
import { SpeechEngineError } from './speech-engine.ts';
import { readWavInfo } from './wav-file.ts';

/** What users see when ffmpeg cannot make audio out of a file. */
export const UNDECODABLE_AUDIO =
  'The audio could not be decoded. The file may be damaged or not an audio file.';

let located: string | undefined;

/**
 * The ffmpeg to run: the system's `ffmpeg` on PATH when there is one (current codecs, distro
 * security updates), else the static build shipped in `@ffmpeg-installer/ffmpeg` so that `npm`
 * alone is enough.
 */
export function ffmpegPath(): string {
  if (located) return located;
  const system = findExecutable('ffmpeg');
  if (system) {
    located = system;
    return system;
  }
  const bundled = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
  located = bundled.path;
  return bundled.path;
}

/** Options for `decodeToWav`. */
export interface DecodeOptions {
  signal?: AbortSignal;
  /** 0–1: decoded time over the input's duration. Only reported at the end when the duration is unknown. */
  onProgress?(fraction: number): void;
}

/**
 * Converts any accepted upload (MP3, WAV, M4A, OGG/Vorbis or Opus, WEBM/Opus) into the 16 kHz mono
 * 16-bit WAV every speech engine reads. Progress is real: ffmpeg's `-progress` output time over the
 * duration the container declares. A MediaRecorder WebM declares no duration; its progress then
 * jumps to 1 at the end, and the true duration comes from the decoded samples.
 *
 * Undecodable input, no audio stream, or a file much shorter than it declares (truncated) fail
 * with a non-retryable `SpeechEngineError`; an abort kills ffmpeg and rejects with the abort reason.
 */
export async function decodeToWav(
  inputPath: string,
  outputPath: string,
  options: DecodeOptions = {},
): Promise<{ durationS: number }> {
  const { signal, onProgress } = options;
  const run = await runFfmpeg(
    ['-i', inputPath, '-map', '0:a:0', '-vn', '-sn', '-dn', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le'],
    // Bit-exact output without metadata: a plain 44-byte header that every engine reads.
    ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', '-f', 'wav', '-y', outputPath],
    { signal, onProgress },
  ).catch(async (err: unknown) => {
    await rm(outputPath, { force: true });
    throw err;
  });
  const wav = await readWavInfo(outputPath).catch(() => null);
  const durationS = wav?.durationS ?? 0;
  // A duration estimated from the bitrate (VBR MP3 without a Xing header) is only a guess: a real
  // file may be shorter than that without being damaged.
  const declared = /Estimating duration from bitrate/i.test(run.header) ? null : run.declaredS;
  const truncated = declared !== null && declared > 2 && durationS < declared * 0.9 - 0.5;
  if (durationS <= 0 || truncated) {
    await rm(outputPath, { force: true });
    throw new SpeechEngineError(
      truncated
        ? `The audio could not be decoded completely: the file says it lasts ${formatSeconds(declared ?? 0)} but only ${formatSeconds(durationS)} could be read. It may be damaged or incomplete; try exporting or uploading it again.`
        : UNDECODABLE_AUDIO,
      false,
      { cause: new Error(tail(run.stderr)) },
    );
  }
  onProgress?.(1);
  return { durationS };
}

/** What `probeAudio` learned from a file. */
export interface AudioProbe {
  /** Seconds the container declares; null when it does not say (e.g. a MediaRecorder WebM). */
  durationS: number | null;
  /** Seconds actually decoded in the probe (at most `seconds`). */
  decodedS: number;
}

/**
 * Proves a file is decodable audio without decoding all of it: decodes its first `seconds` (2 by
 * default) to nowhere and reads the declared duration from ffmpeg's header summary, so even a
 * 100 MB upload is checked in well under a second. Throws a non-retryable `SpeechEngineError`
 * when no audio comes out.
 */
export async function probeAudio(
  filePath: string,
  options: { seconds?: number; signal?: AbortSignal } = {},
): Promise<AudioProbe> {
  const seconds = options.seconds ?? 2;
  const run = await runFfmpeg(
    ['-i', filePath, '-map', '0:a:0', '-vn', '-sn', '-dn', '-t', String(seconds)],
    ['-f', 'null', '-'],
    { signal: options.signal },
  );
  if (run.decodedS <= 0) {
    throw new SpeechEngineError(UNDECODABLE_AUDIO, false, { cause: new Error(tail(run.stderr)) });
  }
  return { durationS: run.declaredS, decodedS: run.decodedS };
}

interface FfmpegRun {
  declaredS: number | null;
  decodedS: number;
  /** The start of stderr: the input summary and early warnings. */
  header: string;
  /** The end of stderr: the last errors. */
  stderr: string;
}

/** Runs ffmpeg with progress on stdout; rejects with `UNDECODABLE_AUDIO` on a non-zero exit. */
function runFfmpeg(inputArgs: string[], outputArgs: string[], options: DecodeOptions): Promise<FfmpegRun> {
  const { signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const args = ['-hide_banner', '-nostdin', '-nostats', ...inputArgs, '-progress', 'pipe:1', ...outputArgs];
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let header = '';
    let stderr = '';
    let declaredS: number | null = null;
    let decodedS = 0;
    let reported = 0;
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });

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
      signal?.removeEventListener('abort', onAbort);
      reject(new SpeechEngineError(`ffmpeg could not be started: ${err.message}`, false, { cause: err }));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(abortReason(signal));
      if (code !== 0) {
        return reject(new SpeechEngineError(UNDECODABLE_AUDIO, false, { cause: new Error(tail(stderr)) }));
      }
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

function formatSeconds(s: number): string {
  return s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`;
}
