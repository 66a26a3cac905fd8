import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attribution, type Conversation, makeConversation, meetingScript } from '../conversation-fixture.ts';
import { BuiltinDiarizer } from './builtin.diarizer.ts';
import { separate } from './separate.ts';

async function samplesOf(wavPath: string): Promise<Float32Array> {
  const bytes = await readFile(wavPath);
  return Float32Array.from(
    new Int16Array(bytes.buffer, bytes.byteOffset + 44, (bytes.length - 44) / 2),
    (x) => x / 32768,
  );
}

let dir: string;
let two: Conversation;
let three: Conversation;
let close: Conversation;
let one: Conversation;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voxpress-voices-'));
  [two, three, close, one] = await Promise.all([
    makeConversation(dir, 'two', meetingScript(['kal16', 'slt'], [0, 1, 0, 1, 1, 0, 1, 0, 0, 1])),
    makeConversation(
      dir,
      'three',
      meetingScript(['awb', 'slt', 'kal16'], [0, 1, 2, 1, 0, 2, 0, 1, 2, 2, 1, 0]),
    ),
    // Turns that follow each other with almost no pause.
    makeConversation(dir, 'close', meetingScript(['rms', 'awb'], [0, 1, 0, 1, 0, 0, 1, 1, 0, 1]), 0.05),
    makeConversation(dir, 'one', meetingScript(['slt'], [0, 0, 0, 0, 0, 0, 0, 0])),
  ]);
}, 50_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the built-in voice separator', () => {
  it('finds two clearly different voices and gives ≥ 90 % of speech time to the right one', async () => {
    const found = separate(await samplesOf(two.wavPath), { sampleRate: 16_000 });
    const score = attribution(two.turns, found.turns);
    expect(found.speakers).toBe(2);
    expect(score.accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('finds three voices without being told how many', async () => {
    const found = separate(await samplesOf(three.wavPath), { sampleRate: 16_000 });
    expect(found.speakers).toBe(3);
    expect(attribution(three.turns, found.turns).accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('tells two male voices apart when turns follow with almost no pause', async () => {
    const found = separate(await samplesOf(close.wavPath), { sampleRate: 16_000 });
    expect(found.speakers).toBe(2);
    expect(attribution(close.turns, found.turns).accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps one voice as one speaker', async () => {
    const found = separate(await samplesOf(one.wavPath), { sampleRate: 16_000 });
    expect(found.speakers).toBe(1);
    expect(new Set(found.turns.map((t) => t.speaker))).toEqual(new Set([0]));
  });

  it('splits into the number of voices it is given', async () => {
    const samples = await samplesOf(three.wavPath);
    expect(separate(samples, { sampleRate: 16_000, speakers: 3 }).speakers).toBe(3);
    const forced = separate(samples, { sampleRate: 16_000, speakers: 2 });
    expect(forced.speakers).toBe(2);
  });

  it('finds nothing in silence', () => {
    const found = separate(new Float32Array(16_000 * 3), { sampleRate: 16_000 });
    expect(found).toEqual({ turns: [], speakers: 0, speechS: 0, voices: [] });
  });

  it('runs in a worker thread as the builtin diarizer, reporting progress', async () => {
    const progress: number[] = [];
    const result = await new BuiltinDiarizer().diarize({
      wavPath: three.wavPath,
      durationS: three.durationS,
      signal: new AbortController().signal,
      onProgress: (f) => progress.push(f),
    });
    expect(result.speakers).toBe(3);
    expect(attribution(three.turns, result.turns).accuracy).toBeGreaterThanOrEqual(0.9);
    expect(progress.at(-1)).toBe(1);
    // Turns are in time order and do not overlap.
    for (let i = 1; i < result.turns.length; i++) {
      expect(result.turns[i]?.start).toBeGreaterThanOrEqual(result.turns[i - 1]?.end ?? 0);
    }
  }, 30_000);

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(
      new BuiltinDiarizer().diarize({
        wavPath: two.wavPath,
        durationS: two.durationS,
        signal: controller.signal,
        onProgress: () => {},
      }),
    ).rejects.toThrow('cancelled');
  });

  it('fails with a plain message on a file that is not a WAV', async () => {
    await expect(
      new BuiltinDiarizer().diarize({
        wavPath: path.join(dir, 'two-line-1.raw'),
        durationS: 1,
        signal: new AbortController().signal,
        onProgress: () => {},
      }),
    ).rejects.toMatchObject({ userMessage: 'Speakers could not be told apart in this recording.' });
  }, 30_000);
});
