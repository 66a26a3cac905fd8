import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, type FixtureFormat, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToWav, ffmpegPath, probeAudio, UNDECODABLE_AUDIO } from './ffmpeg.ts';
import { SpeechEngineError } from './speech-engine.ts';
import { readWavInfo } from './wav-file.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-ffmpeg-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

describe('ffmpeg', () => {
  it('prefers the system ffmpeg', () => {
    expect(ffmpegPath()).toBe('/usr/bin/ffmpeg');
  });

  const formats: FixtureFormat[] = ['wav', 'mp3', 'm4a', 'ogg', 'webm'];
  it.each(formats)('decodes %s to 16 kHz mono 16-bit WAV with rising progress', async (format) => {
    const input = await makeAudioFile(FIXTURE_PARAGRAPH, format, dir);
    const output = path.join(dir, `out-${format}.wav`);
    const progress: number[] = [];
    const started = performance.now();
    const { durationS } = await decodeToWav(input, output, {
      signal: new AbortController().signal,
      onProgress: (f) => progress.push(f),
    });
    const ms = performance.now() - started;
    const wav = await readWavInfo(output);
    expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataOffset: 44 });
    expect(durationS).toBeCloseTo(wav.durationS, 3);
    expect(durationS).toBeGreaterThan(14);
    expect(durationS).toBeLessThan(18);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    // Every format but the header-less WebM reports progress before the end.
    if (format !== 'webm') expect(progress.length).toBeGreaterThan(1);
    console.info(`decode ${format}: ${durationS.toFixed(2)} s of audio in ${ms.toFixed(0)} ms`);
  });

  it('rejects a text file named .mp3 with the clear, final error', async () => {
    const fake = path.join(dir, 'notes.mp3');
    writeFileSync(fake, 'These are my meeting notes, not audio.\n'.repeat(50));
    const err = await rejection(decodeToWav(fake, path.join(dir, 'fake.wav')));
    expect(err).toBeInstanceOf(SpeechEngineError);
    expect(err).toMatchObject({ message: UNDECODABLE_AUDIO, retryable: false });
    await expect(probeAudio(fake)).rejects.toMatchObject({ message: UNDECODABLE_AUDIO, retryable: false });
  });

  it('rejects a truncated mp3 as damaged instead of transcribing half of it', async () => {
    const mp3 = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, 'mp3', dir));
    const cut = path.join(dir, 'cut.mp3');
    writeFileSync(cut, mp3.subarray(0, Math.floor(mp3.length / 2)));
    const err = await rejection(decodeToWav(cut, path.join(dir, 'cut.wav')));
    expect(err).toBeInstanceOf(SpeechEngineError);
    expect((err as SpeechEngineError).retryable).toBe(false);
    expect((err as Error).message).toMatch(
      /^The audio could not be decoded completely: the file says it lasts/,
    );
  });

  it('probes a file quickly from its first seconds', async () => {
    const mp3 = await makeAudioFile(FIXTURE_PARAGRAPH, 'mp3', dir);
    const probe = await probeAudio(mp3);
    expect(probe.durationS).toBeGreaterThan(14);
    expect(probe.decodedS).toBeGreaterThan(1.5);
    expect(probe.decodedS).toBeLessThanOrEqual(2.1);
    // A recording made by a browser declares no duration; it still probes as decodable.
    const webm = await probeAudio(await makeAudioFile(FIXTURE_PARAGRAPH, 'webm', dir));
    expect(webm.durationS).toBeNull();
    expect(webm.decodedS).toBeGreaterThan(1.5);
  });

  it('stops ffmpeg when aborted', async () => {
    // A long input (3 min of the paragraph) so that the abort lands mid-decode.
    const wav = await makeAudioFile(FIXTURE_PARAGRAPH, 'wav', dir);
    const long = path.join(dir, 'long.ogg');
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, `file '${wav}'\n`.repeat(12));
    const { execFileSync } = await import('node:child_process');
    execFileSync(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-c:a',
      'libvorbis',
      long,
    ]);
    const controller = new AbortController();
    const output = path.join(dir, 'aborted.wav');
    const pending = decodeToWav(long, output, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(readWavInfo(output)).rejects.toThrow();
  });
});
