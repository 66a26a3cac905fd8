import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attribution, type Conversation, makeConversation, meetingScript } from '../conversation-fixture.ts';
import { diarize, diarizerRouter } from '../diarizer-router.ts';
import { SherpaDiarizer } from './sherpa.diarizer.ts';
import { toTurns } from './sherpa-turns.ts';
import { writeToyModels } from './toy-models.ts';

let dir: string;
let modelsDir: string;
let emptyDir: string;
let two: Conversation;
const logger = { warn: () => {} };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voxpress-sherpa-'));
  modelsDir = path.join(dir, 'models');
  emptyDir = path.join(dir, 'no-models');
  [two] = await Promise.all([
    makeConversation(dir, 'two', meetingScript(['kal16', 'slt'], [0, 1, 0, 1, 1, 0, 1, 0, 0, 1])),
    writeToyModels(modelsDir),
  ]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const request = (conversation: Conversation, speakers?: number) => ({
  wavPath: conversation.wavPath,
  durationS: conversation.durationS,
  speakers,
  signal: new AbortController().signal,
  onProgress: () => {},
});

describe('the sherpa-onnx speaker engine', () => {
  it('says it is missing until both models are downloaded', async () => {
    const status = await new SherpaDiarizer({ modelsDir: emptyDir }).status();
    expect(status.state).toBe('missing');
    expect(status.hint).toContain('npm run models -- pull pyannote-segmentation-3-0');
    expect((await new SherpaDiarizer({ modelsDir }).status()).state).toBe('ready');
  });

  it('runs the real engine end to end on toy models with the real interfaces', async () => {
    const progress: number[] = [];
    const result = await new SherpaDiarizer({ modelsDir }).diarize({
      ...request(two, 2),
      onProgress: (f) => progress.push(f),
    });
    expect(result.model).toBe('pyannote-segmentation-3-0 + 3dspeaker-eres2net-base');
    // Told two voices, the clustering makes two; the toy weights do not place them well.
    expect(result.speakers).toBe(2);
    expect(progress).toEqual([0.1, 1]);
    // Turns lie within the recording, in time order, without overlap, numbered by first appearance.
    expect(result.turns.length).toBeGreaterThanOrEqual(2);
    expect(result.turns[0]?.speaker).toBe(0);
    for (const [i, t] of result.turns.entries()) {
      expect(t.start).toBeGreaterThanOrEqual(0);
      expect(t.end).toBeLessThanOrEqual(two.durationS + 0.05);
      expect(t.end).toBeGreaterThan(t.start);
      if (i > 0) expect(t.start).toBeGreaterThanOrEqual(result.turns[i - 1]?.end ?? 0);
    }
    // The toy segmentation is a loudness gate: the speech it finds covers most of the true speech.
    const speech = two.turns.reduce((s, t) => s + t.end - t.start, 0);
    const covered = two.turns.reduce(
      (s, t) =>
        s +
        result.turns.reduce(
          (c, f) => c + Math.max(0, Math.min(t.end, f.end) - Math.max(t.start, f.start)),
          0,
        ),
      0,
    );
    expect(covered / speech).toBeGreaterThan(0.9);
    expect(attribution(two.turns, result.turns).speakers).toBe(2);
    // Each voice gets the built-in separator's kind of print, so voice profiles compare alike.
    expect(result.voices).toHaveLength(2);
    for (const print of result.voices ?? []) {
      expect(print).toHaveLength(38);
      expect(print.every(Number.isFinite)).toBe(true);
    }
  }, 60_000);

  it('clusters by threshold when the number of voices is not given', async () => {
    const result = await new SherpaDiarizer({ modelsDir }).diarize(request(two));
    expect(result.speakers).toBeGreaterThanOrEqual(1);
    expect(new Set(result.turns.map((t) => t.speaker)).size).toBe(result.speakers);
  }, 60_000);

  it('is chosen by the router when its models are there, else the built-in separator', async () => {
    const withModels = await diarize(diarizerRouter(logger, { modelsDir }), request(two, 2));
    expect(withModels.engine).toBe('sherpa');
    const without = diarizerRouter(logger, { modelsDir: emptyDir });
    expect((await without.serving({ label: 'speakers', supports: () => true }))?.engine.id).toBe('builtin');
  }, 60_000);

  it('hands the recording to the built-in separator when a model file is damaged', async () => {
    const damaged = path.join(dir, 'damaged');
    const files = await writeToyModels(damaged);
    await writeFile(files.embedding, 'not an onnx model');
    const engine = new SherpaDiarizer({ modelsDir: damaged });
    await expect(engine.diarize(request(two, 2))).rejects.toMatchObject({
      name: 'EngineUnavailableError',
      userMessage: 'The speaker models could not be run on this recording.',
    });
    const routed = await diarize(diarizerRouter(logger, { modelsDir: damaged }), request(two));
    expect(routed.engine).toBe('builtin');
    expect(routed.speakers).toBe(2);
  }, 60_000);

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    const running = new SherpaDiarizer({ modelsDir }).diarize({
      ...request(two, 2),
      signal: controller.signal,
    });
    controller.abort(new Error('cancelled'));
    await expect(running).rejects.toThrow('cancelled');
  });
});

describe('sherpa-onnx segments as turns', () => {
  it('orders them, numbers voices by first appearance and splits overlaps midway', () => {
    expect(
      toTurns([
        { start: 5, end: 9, speaker: 0 },
        { start: 0.5, end: 5.4, speaker: 3 },
        { start: 6, end: 7, speaker: 1 },
        { start: 8.8, end: 9.5, speaker: 0 },
      ]),
    ).toEqual([
      { start: 0.5, end: 5.2, speaker: 0 },
      { start: 5.2, end: 9.5, speaker: 1 },
    ]);
  });
});
