import { stat } from 'node:fs/promises';
import { type AudioFormat, audioTooLongDetail } from '@voxpress/contracts';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { UNDECODABLE_AUDIO, verifyDecodes } from '../engines/speech/ffmpeg.ts';
import { SpeechEngineError } from '../engines/speech/speech-engine.ts';
import { HttpError } from '../lib/http-error.ts';

/** What an accepted audio file is, read from its bytes. */
export interface AudioInfo {
  format: AudioFormat;
  mime: string;
  /** Seconds; null when the container does not say (e.g. a MediaRecorder WebM), found on decoding. */
  durationS: number | null;
  codec: string | null;
}

/** Decoding a 100 MB upload whole takes seconds; this is for files built to stall the decoder. */
const CHECK_TIME_LIMIT_MS = 120_000;

export const INVALID_AUDIO = 'Please upload a valid audio file (MP3, WAV, M4A, or OGG).';

/** file-type's names for the containers we accept, mapped to our formats and MIME types. */
const ACCEPTED: Record<string, { format: AudioFormat; mime: string }> = {
  mp3: { format: 'mp3', mime: 'audio/mpeg' },
  wav: { format: 'wav', mime: 'audio/wav' },
  m4a: { format: 'm4a', mime: 'audio/mp4' },
  mp4: { format: 'm4a', mime: 'audio/mp4' },
  ogg: { format: 'ogg', mime: 'audio/ogg' },
  oga: { format: 'ogg', mime: 'audio/ogg' },
  opus: { format: 'ogg', mime: 'audio/ogg' },
  webm: { format: 'webm', mime: 'audio/webm' },
};

/**
 * Decides whether a stored file is audio we can use: the type comes from its magic bytes (never the
 * name or the browser's word), duration and codec from its metadata, and decoding it whole proves
 * the audio really decodes, to the end. Throws an `HttpError` with a message for the user otherwise.
 */
export async function inspectAudio(
  filePath: string,
  options: { maxDurationS?: number } = {},
): Promise<AudioInfo> {
  const { size } = await stat(filePath);
  if (size === 0)
    throw new HttpError(422, 'audio_empty', 'The audio file is empty. Choose a file that contains audio.');
  const type = await fileTypeFromFile(filePath);
  const accepted = type ? ACCEPTED[type.ext] : undefined;
  if (!accepted) throw new HttpError(415, 'unsupported_format', INVALID_AUDIO);

  let durationS: number | null = null;
  let codec: string | null = null;
  try {
    const meta = await parseFile(filePath, { duration: accepted.format === 'mp3', skipCovers: true });
    if (meta.format.hasVideo) throw new HttpError(415, 'unsupported_format', INVALID_AUDIO);
    durationS = meta.format.duration && Number.isFinite(meta.format.duration) ? meta.format.duration : null;
    codec = meta.format.codec ?? null;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // Metadata is a nicety; whether the audio decodes is what counts, and is checked next.
  }
  try {
    const check = await verifyDecodes(filePath, {
      timeLimitMs: CHECK_TIME_LIMIT_MS,
      maxS: options.maxDurationS,
    });
    if (check.longerThanMax) throw tooLong(options.maxDurationS ?? 0, [durationS, check.declaredS]);
    // A browser recording (WebM) declares no duration: the decoded time is the true one.
    durationS ??= check.declaredS ?? check.decodedS;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // Cut short, too slow or too big to decode: the engine's message says which.
    const reason = err instanceof SpeechEngineError && err.message !== UNDECODABLE_AUDIO ? err.message : null;
    throw new HttpError(
      422,
      'audio_undecodable',
      reason ??
        'The audio could not be decoded. The file may be damaged or incomplete; try exporting it again.',
    );
  }
  if (durationS !== null && durationS <= 0) {
    throw new HttpError(
      422,
      'audio_silent',
      'The audio file contains no sound. Choose a file that contains audio.',
    );
  }
  return { ...accepted, durationS, codec };
}

/**
 * The refusal of a recording longer than the server accepts. Decoding stopped just past the
 * limit, so its length is known only when the file declares one beyond the limit.
 */
function tooLong(limitS: number, declared: (number | null)[]): HttpError {
  const durationS = declared.find((s): s is number => s !== null && s > limitS) ?? null;
  return new HttpError(422, 'audio_too_long', audioTooLongDetail(limitS, durationS), {
    limit_s: limitS,
    ...(durationS === null ? {} : { duration_s: Math.round(durationS) }),
  });
}
