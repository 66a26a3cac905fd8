import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PocketsphinxSpeechEngine } from './pocketsphinx.speech.ts';
import { PocketsphinxOutput } from './pocketsphinx-output.ts';
import { SpeechEngineUnavailableError } from './speech-engine.ts';
import { readWavInfo } from './wav-file.ts';

/** The processes (Linux) whose command line names `file` or a piece of it. */
async function processesReading(file: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (args.some((arg) => arg.startsWith(file))) found.push(args.join(' '));
  }
  return found;
}

let dir: string;
let wav: string;
let durationS: number;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-sphinx-'));
  wav = await makeSpeechWav(FIXTURE_PARAGRAPH, dir);
  durationS = (await readWavInfo(wav)).durationS;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PocketSphinx engine', () => {
  const engine = new PocketsphinxSpeechEngine();

  it('is available with Debian’s packages, for English only', async () => {
    expect(await engine.status()).toMatchObject({ state: 'ready' });
    expect(engine.supports('en')).toBe(true);
    expect(engine.supports('en-GB')).toBe(true);
    expect(engine.supports('es-ES')).toBe(false);
    expect(engine.supports('auto')).toBe(false);
  });

  it('says how to install itself when missing', async () => {
    const missing = new PocketsphinxSpeechEngine({ binary: null });
    expect(await missing.status()).toEqual({
      state: 'missing',
      reason: 'PocketSphinx is not installed',
      detail: 'pocketsphinx_continuous is not installed',
      hint: 'apt-get install pocketsphinx pocketsphinx-en-us',
    });
    const noModel = new PocketsphinxSpeechEngine({ modelDir: path.join(dir, 'nowhere') });
    expect(await noModel.status()).toMatchObject({
      state: 'missing',
      hint: expect.stringMatching(/apt-get/),
    });
    await expect(
      missing.transcribe({
        wavPath: wav,
        durationS,
        language: 'en',
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    ).rejects.toBeInstanceOf(SpeechEngineUnavailableError);
  });

  it('transcribes flite speech accurately, with timed segments and real progress', async () => {
    // Pauses between the paragraph's sentences make PocketSphinx print several utterances, so
    // progress arrives while it works, not only at the end.
    const progress: number[] = [];
    const started = performance.now();
    const result = await engine.transcribe({
      wavPath: wav,
      durationS,
      language: 'en-US',
      signal: new AbortController().signal,
      onProgress: (f) => progress.push(f),
    });
    const seconds = (performance.now() - started) / 1000;
    const wer = wordErrorRate(FIXTURE_PARAGRAPH, result.text);
    console.info(
      `pocketsphinx: WER ${(wer * 100).toFixed(1)} %, ${durationS.toFixed(1)} s of audio in ${seconds.toFixed(2)} s (RTF ${(seconds / durationS).toFixed(2)})\n  ${result.text}`,
    );
    expect(wer).toBeLessThanOrEqual(0.15);
    expect(result).toMatchObject({ language: 'en-US', model: 'cmusphinx-en-us' });
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    expect(result.segments.length).toBeGreaterThan(1);
    for (const [i, s] of result.segments.entries()) {
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.text).toMatch(/^[A-Z].*\.$/);
      if (i > 0) expect(s.start).toBeGreaterThanOrEqual(result.segments[i - 1]?.end ?? 0);
    }
    expect(result.segments.at(-1)?.end).toBeLessThanOrEqual(durationS + 0.05);
    expect(result.segments.at(-1)?.end).toBeGreaterThan(durationS - 2);
    expect(result.text).toBe(result.segments.map((s) => s.text).join(' '));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-2)).toBeGreaterThan(0.9);
    expect(progress.at(-1)).toBe(1);
  });

  it('recognises long audio in pieces cut at quiet moments, without losing or doubling words', async () => {
    const pieces = new PocketsphinxSpeechEngine({ pieceS: 6, parallel: 2 });
    const progress: number[] = [];
    const result = await pieces.transcribe({
      wavPath: wav,
      durationS,
      language: 'en-US',
      signal: new AbortController().signal,
      onProgress: (f) => progress.push(f),
    });
    expect(wordErrorRate(FIXTURE_PARAGRAPH, result.text)).toBeLessThanOrEqual(0.15);
    for (const [i, s] of result.segments.entries())
      if (i > 0) expect(s.start).toBeGreaterThanOrEqual(result.segments[i - 1]?.start ?? 0);
    expect(result.segments.at(-1)?.end).toBeGreaterThan(durationS - 2);
    // Pieces finishing move the bar before the end.
    expect(progress.some((f) => f > 0.2 && f < 0.9)).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('stops when aborted', async () => {
    // Aborted as soon as the recogniser has made some progress: stopped then, it never hears the
    // paragraph's last sentence (which a run to the end prints, past 90 % of the audio), and no
    // recogniser is left reading the file.
    const controller = new AbortController();
    const progress: number[] = [];
    const pending = engine.transcribe({
      wavPath: wav,
      durationS,
      language: 'en',
      signal: controller.signal,
      onProgress: (f) => {
        progress.push(f);
        controller.abort();
      },
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.max(...progress)).toBeLessThan(0.9);
    expect(await processesReading(wav)).toEqual([]);
  });
});

describe('PocketSphinx progress', () => {
  it('reports progress as the audio is read, before PocketSphinx prints anything, and runs niced', async () => {
    // Flowing speech is one long utterance, printed only when PocketSphinx reaches its end. This
    // stand-in reads half of the audio, then waits until the test has seen progress before it
    // reads the rest and prints, the way PocketSphinx does: without progress it would never end.
    const gate = path.join(dir, 'progress-seen');
    const fake = path.join(dir, 'fake-pocketsphinx');
    const silence = path.join(dir, 'silence.wav');
    const seconds = 20;
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + seconds * 32_000, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(16_000, 24);
    header.writeUInt32LE(32_000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(seconds * 32_000, 40);
    writeFileSync(silence, Buffer.concat([header, Buffer.alloc(seconds * 32_000)]));
    writeFileSync(
      fake,
      [
        '#!/bin/sh',
        'while [ "$1" != "-infile" ]; do shift; done',
        'exec 3< "$2"',
        `head -c ${44 + (seconds / 2) * 32_000} <&3 > /dev/null`,
        `while [ ! -e '${gate}' ]; do sleep 0.05; done`,
        'cat <&3 > /dev/null',
        'echo "hello world"',
        'echo "<s> 0.000 0.100 1.000000"',
        'echo "hello 0.100 0.500 0.900000"',
        'echo "world 0.600 1.000 0.900000"',
        // Its niceness, as a word: speech work runs below the API's priority.
        'echo "n$(nice) 1.100 1.200 0.900000"',
        'echo "</s> 1.200 1.300 1.000000"',
      ].join('\n'),
    );
    chmodSync(fake, 0o755);
    const progress: number[] = [];
    let seen: number | undefined;
    const engine = new PocketsphinxSpeechEngine({ binary: fake, pieceS: 60, parallel: 1 });
    const result = await engine.transcribe({
      wavPath: silence,
      durationS: seconds,
      language: 'en',
      signal: new AbortController().signal,
      onProgress: (f) => {
        progress.push(f);
        if (f >= 0.3 && seen === undefined) {
          seen = f;
          writeFileSync(gate, '');
        }
      },
    });
    expect(result.text).toBe('Hello world n10.');
    // Half the audio read: the progress said so while PocketSphinx was still at work.
    expect(seen).toBeGreaterThanOrEqual(0.3);
    expect(seen).toBeLessThanOrEqual(0.55);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
  }, 30_000);
});

describe('PocketSphinx output', () => {
  it('reads utterances, drops fillers and alternative pronunciations, splits at pauses', () => {
    const out = new PocketsphinxOutput();
    const lines = [
      'the quick brown fox',
      '<s> 0.000 0.190 0.999100',
      'the 0.200 0.300 0.571915',
      'quick 0.310 0.600 0.903109',
      '[NOISE] 0.610 0.700 0.5',
      'brown 0.710 0.960 0.999200',
      '<sil> 0.970 1.500 0.998301',
      'fox 1.510 1.800 1.000200',
      '</s> 1.810 1.900 1.000000',
      'i went to(3) sleep',
      '<s> 3.000 3.100 1',
      'i 3.100 3.200 0.5',
      'went 3.210 3.400 0.5',
      'to(3) 3.410 3.500 0.5',
      'sleep 3.510 3.900 0.5',
      '</s> 3.910 4.000 1',
    ];
    const heard = lines.map((l) => out.addLine(l));
    expect(heard[0]).toBeNull();
    expect(heard[2]).toBe(0.3);
    const result = out.result();
    expect(result.segments).toEqual([
      { start: 0.2, end: 0.96, text: 'The quick brown.' },
      { start: 1.51, end: 1.8, text: 'Fox.' },
      { start: 3.1, end: 3.9, text: 'I went to sleep.' },
    ]);
    expect(result.text).toBe('The quick brown. Fox. I went to sleep.');
    expect(result.confidence).toBeCloseTo((0.571915 + 0.903109 + 0.9992 + 1 + 0.5 * 4) / 8, 3);
  });

  it('hears nothing twice: a piece whose words all fall in the lead before it gives no text', () => {
    // The lead is recognised only to settle the recogniser; its words belong to the piece before.
    const out = new PocketsphinxOutput(20, 25);
    for (const line of [
      'please call me',
      '<s> 0.000 0.100 1',
      'please 0.100 0.400 0.9',
      'call 0.410 0.700 0.9',
      'me 0.710 0.900 0.9',
      '</s> 0.910 1.000 1',
    ])
      out.addLine(line);
    expect(out.result()).toEqual({ text: '', segments: [], confidence: null, words: 0 });
  });

  it('keeps the plain hypotheses of a build that prints no timings', () => {
    const out = new PocketsphinxOutput();
    out.addLine('good morning everyone');
    expect(out.result().text).toBe('good morning everyone');
  });
});
