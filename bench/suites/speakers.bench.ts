/**
 * Speaker detection on conversations read by different flite voices with known turns: for each
 * diarizer available here without downloading anything, the number of voices found, the share of
 * speech time given to the wrong voice (after the best matching of found voices to true ones) and
 * the real-time factor (seconds of work per second of audio), through the engine's worker thread.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuiltinDiarizer } from '../../apps/server/src/engines/diarizer/builtin/builtin.diarizer.ts';
import {
  attribution,
  makeConversation,
  meetingScript,
  type ScriptLine,
} from '../../apps/server/src/engines/diarizer/conversation-fixture.ts';
import type { DiarizerEngine } from '../../apps/server/src/engines/diarizer/diarizer.ts';

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

export async function speakersBenchmark(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'voxpress-bench-speakers-'));
  const engines: DiarizerEngine[] = [new BuiltinDiarizer()];
  const out: Record<string, string | number> = {};
  try {
    for (const c of CASES) {
      const lines = meetingScript(c.voices, c.order);
      const talk = await makeConversation(dir, c.name.replace(/\W+/g, '-'), lines, c.gapS);
      for (const engine of engines) {
        if ((await engine.status()).state !== 'ready') continue;
        const started = performance.now();
        const found = await engine.diarize({
          wavPath: talk.wavPath,
          durationS: talk.durationS,
          signal: new AbortController().signal,
          onProgress: () => {},
        });
        const seconds = (performance.now() - started) / 1000;
        const score = attribution(talk.turns, found.turns);
        out[`${engine.id} ${c.name} (${talk.durationS.toFixed(0)} s)`] =
          `voices ${found.speakers}/${c.voices.length}, wrong voice ${Math.max(0, (1 - score.accuracy) * 100).toFixed(1)} % of speech, RTF ${(seconds / talk.durationS).toFixed(3)}`;
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}
