/**
 * Speaker detection on conversations read by different flite voices with known turns, for each
 * diarizer available, side by side: the number of voices found, the diarization error rate (missed
 * speech + false alarm + speech given to the wrong voice, over the true speech time, after the best
 * one-to-one matching of found voices to true ones, no forgiveness collar), the share given to the
 * wrong voice alone, and the real-time factor (seconds of work per second of audio).
 *
 * Engines: the built-in separator; sherpa-onnx with the real models when both are in the models
 * folder (`VOXPRESS_DATA_DIR`/models, or `VOXPRESS_MODELS_DIR`); and always sherpa-onnx with the
 * toy models the tests write, whose weights only find loud frames: its row measures the pipeline's
 * speed (child process, segmentation, embeddings, clustering), not how well it tells voices apart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuiltinDiarizer } from '../../apps/server/src/engines/diarizer/builtin/builtin.diarizer.ts';
import {
  attribution,
  type Conversation,
  makeConversation,
  meetingScript,
  type ScriptLine,
} from '../../apps/server/src/engines/diarizer/conversation-fixture.ts';
import type { DiarizerEngine, SpeakerTurn } from '../../apps/server/src/engines/diarizer/diarizer.ts';
import { SherpaDiarizer } from '../../apps/server/src/engines/diarizer/sherpa/sherpa.diarizer.ts';
import { writeToyModels } from '../../apps/server/src/engines/diarizer/sherpa/toy-models.ts';

const CASES: { name: string; voices: ScriptLine['voice'][]; order: number[]; gapS: number }[] = [
  { name: 'kal16+slt', voices: ['kal16', 'slt'], order: [0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1], gapS: 0.4 },
  { name: 'rms+awb', voices: ['rms', 'awb'], order: [0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0], gapS: 0.4 },
  {
    name: 'rms+awb, no pauses',
    voices: ['rms', 'awb'],
    order: [0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0],
    gapS: 0.05,
  },
  {
    name: 'awb+slt+kal16',
    voices: ['awb', 'slt', 'kal16'],
    order: [0, 1, 2, 1, 0, 2, 0, 1, 2, 2, 1, 0],
    gapS: 0.4,
  },
  {
    name: 'four voices',
    voices: ['rms', 'awb', 'slt', 'kal16'],
    order: [0, 1, 2, 3, 0, 1, 2, 3, 1, 0, 3, 2],
    gapS: 0.4,
  },
  { name: 'slt alone', voices: ['slt'], order: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], gapS: 0.4 },
];

/** Seconds during which both sides speak; each side's turns must not overlap among themselves. */
function overlap(a: readonly { start: number; end: number }[], b: readonly { start: number; end: number }[]) {
  let sum = 0;
  for (const x of a)
    for (const y of b) sum += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  return sum;
}

/**
 * Diarization error rate without a collar: (missed + false alarm + confusion) / true speech, where
 * with R true speech, H found speech, O their overlap and C the overlap given to the right voice,
 * missed = R − O, false alarm = H − O, confusion = O − C.
 */
export function diarizationErrorRate(truth: Conversation['turns'], found: readonly SpeakerTurn[]) {
  const spoken = (turns: readonly { start: number; end: number }[]) =>
    turns.reduce((s, t) => s + t.end - t.start, 0);
  const r = spoken(truth);
  const h = spoken(found);
  const o = overlap(truth, found);
  const c = attribution(truth, found).accuracy * r;
  return { der: (r + h - o - c) / r, missed: (r - o) / r, falseAlarm: (h - o) / r, confusion: (o - c) / r };
}

async function engines(dir: string): Promise<{ label: string; engine: DiarizerEngine }[]> {
  const list: { label: string; engine: DiarizerEngine }[] = [
    { label: 'builtin', engine: new BuiltinDiarizer() },
  ];
  const modelsDir =
    process.env.VOXPRESS_MODELS_DIR ??
    path.join(path.resolve(process.env.VOXPRESS_DATA_DIR ?? './data'), 'models');
  const real = new SherpaDiarizer({ modelsDir });
  if ((await real.status()).state === 'ready') list.push({ label: 'sherpa', engine: real });
  const toyDir = path.join(dir, 'toy-models');
  await writeToyModels(toyDir);
  list.push({ label: 'sherpa-toy-weights', engine: new SherpaDiarizer({ modelsDir: toyDir }) });
  return list;
}

export async function speakersBenchmark(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voxpress-bench-speakers-'));
  const out: Record<string, string | number> = {};
  try {
    const available = await engines(dir);
    out.engines = available.map((e) => e.label).join(', ');
    for (const c of CASES) {
      const lines = meetingScript(c.voices, c.order);
      const talk = await makeConversation(dir, c.name.replace(/\W+/g, '-'), lines, c.gapS);
      for (const { label, engine } of available) {
        const started = performance.now();
        const found = await engine.diarize({
          wavPath: talk.wavPath,
          durationS: talk.durationS,
          signal: new AbortController().signal,
          onProgress: () => {},
        });
        const seconds = (performance.now() - started) / 1000;
        const error = diarizationErrorRate(talk.turns, found.turns);
        const pct = (x: number) => `${Math.max(0, x * 100).toFixed(1)} %`;
        out[`${c.name} (${talk.durationS.toFixed(0)} s) ${label}`] =
          `voices ${found.speakers}/${c.voices.length}, DER ${pct(error.der)} (wrong voice ${pct(error.confusion)}, missed ${pct(error.missed)}, false alarm ${pct(error.falseAlarm)}), RTF ${(seconds / talk.durationS).toFixed(3)}`;
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}
