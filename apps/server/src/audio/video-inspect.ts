import { rm, stat } from 'node:fs/promises';
import type { VideoFormat } from '@voxpress/contracts';
import { fileTypeFromFile } from 'file-type';
import { runFfmpeg } from '../engines/speech/ffmpeg-runner.ts';
import { HttpError } from '../lib/http-error.ts';
import { type AudioInfo, inspectAudio } from './audio-inspect.ts';

/** file-type's names for the video containers accepted, mapped to our formats and MIME types. */
const VIDEO_CONTAINERS: Record<string, { format: VideoFormat; mime: string }> = {
  mp4: { format: 'mp4', mime: 'video/mp4' },
  mov: { format: 'mov', mime: 'video/quicktime' },
  qt: { format: 'mov', mime: 'video/quicktime' },
  m4v: { format: 'm4v', mime: 'video/x-m4v' },
  mkv: { format: 'mkv', mime: 'video/x-matroska' },
  webm: { format: 'webm', mime: 'video/webm' },
  avi: { format: 'avi', mime: 'video/x-msvideo' },
};

/** Reading a container's stream list takes well under a second; this is for crafted files. */
const PROBE_TIME_LIMIT_MS = 30_000;
/** Taking the audio out of a 100 MB video takes seconds; minutes means something is wrong. */
const EXTRACT_TIME_LIMIT_MS = 5 * 60_000;

export const VIDEO_WITHOUT_AUDIO =
  'This video has no sound track, so there is nothing to transcribe. Choose a video with sound, or upload its audio file.';
export const VIDEO_UNREADABLE =
  'The video could not be read. The file may be damaged or incomplete; try exporting or downloading it again.';

/** What a stored upload turned out to be. */
export type MediaInfo =
  | { kind: 'audio'; audio: AudioInfo }
  | {
      kind: 'video';
      /** The audio taken out of the video (an AAC .m4a beside it), checked like an uploaded audio file. */
      audio: AudioInfo;
      format: VideoFormat;
      mime: string;
      /** Where the audio taken out was written (`<file>.audio.m4a`). */
      audioPath: string;
      /** Where the poster frame was written (`<file>.poster.jpg`), null when no frame could be made. */
      posterPath: string | null;
    };

/** The streams ffmpeg lists for a file: whether it shows pictures (not a cover) and has sound. */
export interface StreamSummary {
  video: boolean;
  audio: boolean;
}

/** Reads ffmpeg's input summary (`Stream #0:0…: Video: h264 …`); a cover picture is not video. */
export function parseStreams(header: string): StreamSummary {
  const lines = header.split('\n').filter((l) => /^\s*Stream #\d+:\d+/.test(l));
  return {
    video: lines.some((l) => /: Video: /.test(l) && !/\(attached pic\)/.test(l)),
    audio: lines.some((l) => /: Audio: /.test(l)),
  };
}

/**
 * Decides what an upload is, from its bytes: a video container (MP4, MOV, M4V, MKV, WebM, AVI)
 * whose streams include pictures is a video; its first audio track is taken out with ffmpeg
 * (sandboxed like every decoding) into an AAC file that is then checked like an audio upload,
 * length limit included, and a poster frame is made. Anything else goes to `inspectAudio`.
 * Throws an `HttpError` with a message for the user; nothing is left behind on failure.
 */
export async function inspectMedia(
  filePath: string,
  options: { maxDurationS?: number; scratchPath?: string } = {},
): Promise<MediaInfo> {
  const type = await fileTypeFromFile(filePath).catch(() => undefined);
  const container = type ? VIDEO_CONTAINERS[type.ext] : undefined;
  if (!container) return { kind: 'audio', audio: await inspectAudio(filePath, options) };

  const streams = await probeStreams(filePath);
  // An MP4 or WebM with sound only is an audio file (an M4A saved as .mp4, a browser recording).
  if (!streams.video && (type?.ext === 'mp4' || type?.ext === 'webm'))
    return { kind: 'audio', audio: await inspectAudio(filePath, options) };
  if (!streams.audio)
    throw new HttpError(
      422,
      streams.video ? 'video_no_audio' : 'audio_undecodable',
      streams.video ? VIDEO_WITHOUT_AUDIO : VIDEO_UNREADABLE,
    );

  const base = options.scratchPath ?? filePath;
  const audioPath = `${base}.audio.m4a`;
  const posterPath = `${base}.poster.jpg`;
  try {
    await runFfmpeg(
      ['-i', filePath, '-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '2', '-c:a', 'aac', '-b:a', '128k'],
      ['-map_metadata', '-1', '-movflags', '+faststart', '-f', 'ipod', '-y', audioPath],
      { timeLimitMs: EXTRACT_TIME_LIMIT_MS },
    ).catch(() => {
      throw new HttpError(422, 'audio_undecodable', VIDEO_UNREADABLE);
    });
    // The container's length is its longest stream's, often the pictures': the sound is judged alone.
    const audio = await inspectAudio(audioPath, options);
    const poster = await makePoster(filePath, posterPath, audio.durationS);
    return { kind: 'video', audio, ...container, audioPath, posterPath: poster ? posterPath : null };
  } catch (err) {
    await rm(audioPath, { force: true });
    await rm(posterPath, { force: true });
    throw err;
  }
}

async function probeStreams(filePath: string): Promise<StreamSummary> {
  try {
    const run = await runFfmpeg(['-i', filePath], ['-t', '0', '-f', 'null', '-'], {
      timeLimitMs: PROBE_TIME_LIMIT_MS,
    });
    return parseStreams(run.header);
  } catch {
    // ffmpeg found nothing it could open ("moov atom not found": a cut-off MP4).
    throw new HttpError(422, 'audio_undecodable', VIDEO_UNREADABLE);
  }
}

/** One frame from a second in (or the first, for a shorter video), 640 px wide, as JPEG. */
async function makePoster(filePath: string, posterPath: string, durationS: number | null): Promise<boolean> {
  const at = durationS !== null && durationS > 2 ? '1' : '0';
  try {
    await runFfmpeg(
      [
        '-ss',
        at,
        '-i',
        filePath,
        '-map',
        '0:v:0',
        '-an',
        '-sn',
        '-dn',
        '-frames:v',
        '1',
        '-vf',
        'scale=640:-2',
      ],
      ['-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', '-y', posterPath],
      { timeLimitMs: PROBE_TIME_LIMIT_MS },
    );
    const { size } = await stat(posterPath);
    return size > 0;
  } catch {
    // A poster is a nicety; the item is the sound.
    await rm(posterPath, { force: true });
    return false;
  }
}
