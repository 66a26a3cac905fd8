// Test fixtures: conversations read by different flite voices, with the true turns known.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { wavHeader } from '../speech/wav-file.ts';

const run = promisify(execFile);

export interface ScriptLine {
  voice: 'kal16' | 'slt' | 'rms' | 'awb';
  text: string;
}

export interface Conversation {
  wavPath: string;
  /** The true turns: who spoke from when to when (the voice's name). */
  turns: { start: number; end: number; voice: string }[];
  durationS: number;
}

const RATE = 16_000;

/** Reads a line aloud with a flite voice: 16 kHz mono samples, silence at both ends trimmed. */
async function speak(line: ScriptLine, dir: string, name: string): Promise<Int16Array> {
  const raw = path.join(dir, `${name}.wav`);
  const pcm = path.join(dir, `${name}.raw`);
  await run('flite', ['-voice', line.voice, '-t', line.text, '-o', raw]);
  await run('sox', [
    raw,
    '-r',
    String(RATE),
    '-c',
    '1',
    '-b',
    '16',
    '-e',
    'signed-integer',
    '-t',
    'raw',
    pcm,
    'silence',
    '1',
    '0.02',
    '0.5%',
    'reverse',
    'silence',
    '1',
    '0.02',
    '0.5%',
    'reverse',
  ]);
  const bytes = await readFile(pcm);
  return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
}

/**
 * Writes `lines` one after the other with `gapS` of quiet between them (a little noise, as a
 * room has) into `<dir>/<name>.wav`.
 */
export async function makeConversation(
  dir: string,
  name: string,
  lines: ScriptLine[],
  gapS = 0.4,
): Promise<Conversation> {
  const clips = await Promise.all(lines.map((line, i) => speak(line, dir, `${name}-line-${i}`)));
  const gap = Math.round(gapS * RATE);
  const total = clips.reduce((s, c) => s + c.length, 0) + gap * (clips.length + 1);
  const out = new Int16Array(total);
  let seed = 12345;
  for (let i = 0; i < total; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out[i] = ((seed / 0x7fffffff) * 2 - 1) * 30;
  }
  const turns: Conversation['turns'] = [];
  let at = gap;
  clips.forEach((clip, i) => {
    for (let j = 0; j < clip.length; j++) out[at + j] = (out[at + j] ?? 0) + (clip[j] ?? 0);
    turns.push({ start: at / RATE, end: (at + clip.length) / RATE, voice: (lines[i] as ScriptLine).voice });
    at += clip.length + gap;
  });
  const data = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  const wavPath = path.join(dir, `${name}.wav`);
  await writeFile(wavPath, Buffer.concat([wavHeader(data.length), data]));
  return { wavPath, turns, durationS: total / RATE };
}

/**
 * How well `found` turns match the true ones: the share of true speech time given to the right
 * voice under the best one-to-one matching of found voices to true ones.
 */
export function attribution(
  truth: Conversation['turns'],
  found: readonly { start: number; end: number; speaker: string | number }[],
): { accuracy: number; speakers: number } {
  const voices = [...new Set(truth.map((t) => t.voice))];
  const labels = [...new Set(found.map((t) => String(t.speaker)))];
  const overlap = (voice: string, label: string) =>
    truth
      .filter((t) => t.voice === voice)
      .reduce(
        (sum, t) =>
          sum +
          found
            .filter((f) => String(f.speaker) === label)
            .reduce((s, f) => s + Math.max(0, Math.min(t.end, f.end) - Math.max(t.start, f.start)), 0),
        0,
      );
  const total = truth.reduce((s, t) => s + t.end - t.start, 0);
  let best = 0;
  const assign = (i: number, used: Set<string>, sum: number) => {
    if (i === voices.length) {
      best = Math.max(best, sum);
      return;
    }
    assign(i + 1, used, sum);
    for (const label of labels) {
      if (used.has(label)) continue;
      used.add(label);
      assign(i + 1, used, sum + overlap(voices[i] as string, label));
      used.delete(label);
    }
  };
  assign(0, new Set(), 0);
  return { accuracy: best / total, speakers: labels.length };
}

/** A short meeting, one sentence a turn, for conversations of any number of voices. */
export const MEETING_SENTENCES = [
  'Thank you all for coming this morning, let us start with the budget.',
  'I looked at the numbers last night and we are about ten percent over.',
  'That is mostly the travel costs, which went up in the spring.',
  'Could we move the conference to the autumn and save on flights?',
  'We could, but the venue has already been booked and paid for.',
  'Then let us cut the printing instead and send everything by email.',
  'I agree, nobody reads the printed reports anyway.',
  'Fine, I will write to the printers today and cancel the order.',
  'What about the new laptops for the support team?',
  'They arrive next week, and the old ones go back to the supplier.',
  'Good. Is there anything else before we close the meeting?',
  'Only that the office will be closed on Friday for the holiday.',
];

/** The meeting's sentences in turn, each said by `voices[order[i]]`. */
export function meetingScript(voices: ScriptLine['voice'][], order: number[]): ScriptLine[] {
  return order.map((v, i) => ({
    voice: voices[v] as ScriptLine['voice'],
    text: MEETING_SENTENCES[i % MEETING_SENTENCES.length] as string,
  }));
}
