import type { MfccFrames } from './mfcc.ts';

/**
 * A voice print of each found voice: the mean and spread of its speech frames' MFCCs (c1 up,
 * loudness left out), not centred on the recording, so prints of different recordings can be
 * compared. Numbers that describe how a voice sounds; the audio cannot be made again from them.
 */
export function voicePrints(
  features: MfccFrames,
  voiced: Uint8Array,
  turns: readonly { start: number; end: number; speaker: number }[],
  speakers: number,
): number[][] {
  const dims = features.coefficients - 1;
  const sums = Array.from({ length: speakers }, () => new Float64Array(dims));
  const squares = Array.from({ length: speakers }, () => new Float64Array(dims));
  const counts = new Array<number>(speakers).fill(0);
  for (const turn of turns) {
    const sum = sums[turn.speaker];
    const square = squares[turn.speaker];
    if (!sum || !square) continue;
    const from = Math.max(0, Math.ceil((turn.start - features.frameS / 2) / features.hopS));
    const to = Math.min(features.count, Math.floor((turn.end - features.frameS / 2) / features.hopS) + 1);
    for (let f = from; f < to; f++) {
      if (!voiced[f]) continue;
      counts[turn.speaker] = (counts[turn.speaker] ?? 0) + 1;
      for (let d = 0; d < dims; d++) {
        const x = features.mfcc[f * features.coefficients + d + 1] ?? 0;
        sum[d] = (sum[d] ?? 0) + x;
        square[d] = (square[d] ?? 0) + x * x;
      }
    }
  }
  return sums.map((sum, s) => {
    const n = Math.max(1, counts[s] ?? 0);
    const square = squares[s] as Float64Array;
    const mean = Array.from(sum, (x) => x / n);
    const spread = mean.map((m, d) => Math.sqrt(Math.max(0, (square[d] ?? 0) / n - m * m)));
    return [...mean, ...spread].map((x) => Math.round(x * 10_000) / 10_000);
  });
}

/**
 * Cosine similarity of two voice prints, each read as its mean over its spread per coefficient
 * (so how widely a voice ranges weighs its typical colour). 1 for the same direction.
 */
export function voiceSimilarity(a: readonly number[], b: readonly number[]): number {
  const half = Math.min(a.length, b.length) / 2;
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let d = 0; d < half; d++) {
    const x = (a[d] ?? 0) / Math.max(1e-6, a[half + d] ?? 0);
    const y = (b[d] ?? 0) / Math.max(1e-6, b[half + d] ?? 0);
    dot += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa && bb ? dot / Math.sqrt(aa * bb) : 0;
}

/**
 * The least similarity for a voice to be taken for a remembered one. On flite voices (kal16,
 * slt, rms, awb reading different texts) one voice scores 0.93 or more with itself and two voices
 * 0.71 at most; this sits between.
 */
export const VOICE_MATCH = 0.82;
