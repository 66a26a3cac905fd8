import { rm } from 'node:fs/promises';
import { tail } from './executables.ts';
import { type FfmpegRun, runFfmpeg, UNDECODABLE_AUDIO } from './ffmpeg-runner.ts';
import { SpeechEngineError } from './speech-engine.ts';
import { readWavInfo } from './wav-file.ts';

export { ffmpegInfo, ffmpegPath, parseDeclaredDuration, UNDECODABLE_AUDIO } from './ffmpeg-runner.ts';

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
  try {
    assertComplete(run, trustedDuration(run), durationS);
  } catch (err) {
    await rm(outputPath, { force: true });
    throw err;
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

/** What `verifyDecodes` found. */
export interface DecodeCheck {
  /** Seconds the file declares (its WAV header or container), null when it does not say. */
  declaredS: number | null;
  /** Seconds of sound actually decoded (at most a second past `maxS`). */
  decodedS: number;
  /** More sound decoded than `maxS`: decoding stopped there, so the file was not checked to its end. */
  longerThanMax: boolean;
}

/**
 * Proves a whole file decodes: decodes all of it to nowhere (no resampling, so even 100 MB takes
 * seconds) and compares the time decoded with the time the file declares. A file cut short (an
 * interrupted copy or download) fails here, at upload, rather than in transcription. Throws a
 * non-retryable `SpeechEngineError` whose message is meant for the user.
 *
 * With `maxS`, decoding stops a second past it: the length counted is the sound decoded, whatever
 * the file claims, and a file longer than allowed costs no more than the allowed length to refuse.
 */
export async function verifyDecodes(
  filePath: string,
  options: { signal?: AbortSignal; timeLimitMs?: number; maxS?: number } = {},
): Promise<DecodeCheck> {
  const { maxS, ...runOptions } = options;
  const cap = maxS === undefined ? [] : ['-t', String(maxS + 1)];
  const run = await runFfmpeg(
    ['-i', filePath, '-map', '0:a:0', '-vn', '-sn', '-dn'],
    [...cap, '-f', 'null', '-'],
    runOptions,
  );
  // ffmpeg measures a cut-off WAV by the bytes present; its header still says how many there were.
  const wavDeclaredS = (await readWavInfo(filePath).catch(() => null))?.declaredS ?? null;
  const declaredS = wavDeclaredS ?? trustedDuration(run);
  if (maxS !== undefined && run.decodedS > maxS)
    return { declaredS: declaredS ?? run.declaredS, decodedS: run.decodedS, longerThanMax: true };
  assertComplete(run, declaredS, run.decodedS);
  return { declaredS: declaredS ?? run.declaredS, decodedS: run.decodedS, longerThanMax: false };
}

/**
 * The duration ffmpeg read from the container; null when it only estimated it from the bitrate
 * (a VBR MP3 without a Xing header): a real file may be shorter than that without being damaged.
 */
function trustedDuration(run: FfmpegRun): number | null {
  return /Estimating duration from bitrate/i.test(run.header) ? null : run.declaredS;
}

/** Throws unless some audio came out and about as much as the file declares. */
function assertComplete(run: FfmpegRun, declared: number | null, decodedS: number): void {
  const truncated = declared !== null && declared > 2 && decodedS < declared * 0.9 - 0.5;
  if (decodedS > 0 && !truncated) return;
  throw new SpeechEngineError(
    truncated
      ? `The audio could not be decoded completely: the file says it lasts ${formatSeconds(declared ?? 0)} but only ${formatSeconds(decodedS)} could be read. It may be damaged or incomplete; try exporting or uploading it again.`
      : UNDECODABLE_AUDIO,
    false,
    { cause: new Error(tail(run.stderr)) },
  );
}

function formatSeconds(s: number): string {
  return s >= 90 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`;
}
