import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConversation, type ScriptLine } from '../conversation-fixture.ts';
import { separate } from './separate.ts';
import { VOICE_MATCH, voiceSimilarity } from './voice-print.ts';

const VOICES = ['kal16', 'slt', 'rms', 'awb'] as const;
const TEXTS = [
  [
    'Thank you all for coming this morning, let us start with the budget.',
    'I looked at the numbers last night and we are about ten percent over.',
  ],
  [
    'Could we move the conference to the autumn and save on flights?',
    'Then let us cut the printing instead and send everything by email.',
  ],
];

async function samplesOf(wavPath: string): Promise<Int16Array> {
  const bytes = await readFile(wavPath);
  return new Int16Array(bytes.buffer, bytes.byteOffset + 44, (bytes.length - 44) / 2);
}

function printOf(samples: Int16Array, speakers?: number) {
  return separate(samples, { sampleRate: 16_000, scale: 1 / 32_768, speakers });
}

let dir: string;
/** Each voice reading each text alone: `prints[voice][text]`. */
const prints = new Map<string, number[][]>();
let talk: Awaited<ReturnType<typeof makeConversation>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'voxpress-voice-prints-'));
  const solos = await Promise.all(
    VOICES.flatMap((voice) =>
      TEXTS.map((lines, i) =>
        makeConversation(
          dir,
          `${voice}-${i}`,
          lines.map((text) => ({ voice, text })),
        ),
      ),
    ),
  );
  for (const voice of VOICES)
    prints.set(
      voice,
      TEXTS.map(() => []),
    );
  for (const [v, voice] of VOICES.entries())
    for (const i of TEXTS.keys()) {
      const solo = solos[v * TEXTS.length + i];
      if (!solo) continue;
      const found = printOf(await samplesOf(solo.wavPath), 1);
      (prints.get(voice) as number[][])[i] = found.voices[0] ?? [];
    }
  const lines: ScriptLine[] = [
    { voice: 'rms', text: 'Good morning, shall we go through the plans for the new kitchen?' },
    { voice: 'slt', text: 'Yes, I would like the sink under the window if that is possible.' },
    { voice: 'rms', text: 'It is, but the pipes will have to be moved along the wall.' },
    { voice: 'slt', text: 'That is fine, as long as it is finished before the summer.' },
  ];
  talk = await makeConversation(dir, 'talk', lines);
}, 50_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('voice prints', () => {
  it('match the same voice reading other words, and tell different voices apart', () => {
    const same: number[] = [];
    const different: number[] = [];
    for (const [a, aPrints] of prints)
      for (const [b, bPrints] of prints)
        for (const [i, x] of aPrints.entries())
          for (const [j, y] of bPrints.entries()) {
            if (a === b && i >= j) continue;
            if (a !== b && a > b) continue;
            expect(x.length).toBe(38);
            (a === b ? same : different).push(voiceSimilarity(x, y));
          }
    expect(same).toHaveLength(VOICES.length);
    expect(different).toHaveLength((VOICES.length * (VOICES.length - 1) * TEXTS.length ** 2) / 2);
    expect(Math.min(...same)).toBeGreaterThanOrEqual(VOICE_MATCH);
    expect(Math.max(...different)).toBeLessThan(VOICE_MATCH);
  });

  it('come with each voice the separator finds in a conversation, and match that voice alone', async () => {
    const found = printOf(await samplesOf(talk.wavPath));
    expect(found.speakers).toBe(2);
    expect(found.voices).toHaveLength(2);
    // The first voice heard is rms, then slt; each print is nearest its own voice's solo print.
    for (const [n, voice] of (['rms', 'slt'] as const).entries()) {
      const print = found.voices[n] as number[];
      const scores = VOICES.map((v) => [v, voiceSimilarity(print, prints.get(v)?.[0] ?? [])] as const);
      const best = scores.reduce((a, b) => (b[1] > a[1] ? b : a));
      expect(best[0]).toBe(voice);
      expect(best[1]).toBeGreaterThanOrEqual(VOICE_MATCH);
      for (const [v, score] of scores) if (v !== voice) expect(score).toBeLessThan(VOICE_MATCH);
    }
  });

  it('are plain numbers of a fixed length, none from a recording with no speech', () => {
    expect(printOf(new Int16Array(16_000)).voices).toEqual([]);
    expect(voiceSimilarity([1, 2, 1, 1], [1, 2, 1, 1])).toBeCloseTo(1, 6);
    expect(voiceSimilarity([1, 0, 1, 1], [0, 1, 1, 1])).toBeCloseTo(0, 6);
  });
});
