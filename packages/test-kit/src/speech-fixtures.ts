import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A 43-word paragraph (about 16 s as speech) that PocketSphinx recognises almost perfectly when
 * spoken by flite's `kal16` voice: measured 2.3 % WER. Use it wherever a test checks real
 * recognition quality.
 */
export const FIXTURE_PARAGRAPH =
  'Good morning everyone. Today I want to share a few ideas about working from home. First, keep a regular schedule and start at the same time every day. Second, take short breaks and drink plenty of water. Finally, talk to your team often.';

/** A second 45-word paragraph (about 14 s), measured 2.2 % WER with PocketSphinx and `kal16`. */
export const FIXTURE_PARAGRAPH_2 =
  'This is a short voice note about our project meeting. We agreed to finish the design by Friday, test the new version next week, and send the report to the customer at the end of the month. Please call me if you have any questions.';

/** Containers `makeAudioFile` can produce: the formats Voxpress accepts. */
export type FixtureFormat = 'wav' | 'mp3' | 'm4a' | 'ogg' | 'webm';

/**
 * Speaks `text` with flite's `kal16` voice and resamples it with sox to a 16 kHz mono 16-bit WAV
 * in `dir`; returns its path. Files are named after the text, so asking twice reuses the first.
 * Needs the Debian packages `flite` and `sox`.
 */
export async function makeSpeechWav(text: string, dir: string): Promise<string> {
  const base = path.join(dir, `speech-${hash(text)}`);
  const out = `${base}.wav`;
  if (existsSync(out)) return out;
  await mkdir(dir, { recursive: true });
  // Unique scratch names: concurrent callers asking for the same text must not collide.
  const scratch = `${base}.${randomBytes(4).toString('hex')}`;
  await writeFile(`${scratch}.txt`, text);
  await run('flite', ['-voice', 'kal16', '-f', `${scratch}.txt`, '-o', `${scratch}.flite.wav`]);
  await run('sox', [`${scratch}.flite.wav`, '-r', '16000', '-c', '1', '-b', '16', `${scratch}.wav`]);
  await rename(`${scratch}.wav`, out);
  await Promise.all([rm(`${scratch}.txt`, { force: true }), rm(`${scratch}.flite.wav`, { force: true })]);
  return out;
}

/** ffmpeg output options per format, chosen to match what users upload. */
const ENCODE: Record<Exclude<FixtureFormat, 'wav'>, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-b:a', '64k', '-f', 'ipod'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '3', '-f', 'ogg'],
  // Opus in WebM, written to a pipe as a browser's MediaRecorder does: no duration in the header.
  webm: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm'],
};

/**
 * `text` spoken (see `makeSpeechWav`) in the given container: `wav` is the 16 kHz WAV itself;
 * `mp3` (LAME 64 kb/s), `m4a` (AAC), `ogg` (Vorbis) and `webm` (Opus, streamed like a
 * MediaRecorder recording, so its header declares no duration) are encoded with ffmpeg on demand.
 * Returns the path of `speech-<hash>.<format>` in `dir`.
 */
export async function makeAudioFile(text: string, format: FixtureFormat, dir: string): Promise<string> {
  const wav = await makeSpeechWav(text, dir);
  if (format === 'wav') return wav;
  const out = wav.replace(/\.wav$/, `.${format}`);
  if (existsSync(out)) return out;
  const partial = `${out}.${randomBytes(4).toString('hex')}.part`;
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', wav, ...ENCODE[format]];
  if (format === 'webm') {
    const { stdout } = await run(ffmpegPath(), [...args, 'pipe:1'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    await writeFile(partial, stdout);
  } else {
    await run(ffmpegPath(), [...args, partial]);
  }
  await rename(partial, out);
  return out;
}

/**
 * The ffmpeg the server decodes with: the system's on PATH, else the static build shipped in
 * `@ffmpeg-installer/ffmpeg` (the same choice as the server's `ffmpegInfo`).
 */
function ffmpegPath(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}
