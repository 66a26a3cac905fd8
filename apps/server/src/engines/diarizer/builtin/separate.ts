import { agglomerate, cosineDistances, dot, normalised, silhouette } from './cluster.ts';
import { mfccFrames } from './mfcc.ts';
import { voicePrints } from './voice-print.ts';

/** One stretch of speech by one voice; `speaker` counts from 0 in order of first appearance. */
export interface Turn {
  start: number;
  end: number;
  speaker: number;
}

export interface SeparateOptions {
  sampleRate: number;
  /** What one unit of a sample is worth at full scale 1 (1 / 32768 for 16-bit samples). */
  scale?: number;
  /** The number of voices when known; otherwise the stopping rule decides. */
  speakers?: number | undefined;
  /** The least mean silhouette for several voices (see `MIN_SILHOUETTE`). */
  threshold?: number;
  /** Called with each number of voices tried and its score (for tuning). */
  onScore?(groups: number, score: number): void;
  /** Called with 0–1 as the work goes. */
  onProgress?(fraction: number): void;
}

export interface Separation {
  turns: Turn[];
  speakers: number;
  /** Seconds of speech found. */
  speechS: number;
  /** Each voice's print, by `speaker` number (see `voicePrints`). */
  voices: number[][];
}

/** Seconds of a voice window and the step between windows. */
const WINDOW_S = 1.5;
const STEP_S = 0.75;
/** Most windows clustered: a longer recording takes a longer step between them. */
const MAX_WINDOWS = 1500;
/** A pause shorter than this does not end a stretch of speech. */
const BRIDGE_S = 0.25;
/** Shorter stretches of speech are left out (clicks, breaths). */
const MIN_SPEECH_S = 0.2;
/**
 * A voice with under `MIN_VOICE_S` of speech, or under this share of it and under 20 s, is taken
 * for a stray of another.
 */
const MIN_SHARE = 0.04;
const MIN_VOICE_S = 3;
/** A turn shorter than this is given to the voice around it. */
const MIN_TURN_S = 0.6;
/** The most voices told apart without being told how many. */
const MAX_SPEAKERS = 10;
/** The least mean silhouette for a grouping into several voices to count. */
export const MIN_SILHOUETTE = 0.33;
/** Groupings scoring within this of the best count as good as it (the fewest voices win). */
const SCORE_TIE = 0.01;
/** What each voice beyond two takes off a grouping's score when choosing the number of voices. */
const EXTRA_VOICE_COST = 0.03;

/**
 * Finds who spoke when in 16 kHz mono samples: speech frames by energy, MFCCs, a voice vector
 * (mean and spread of the coefficients) per 1.5 s window, windows clustered by cosine distance,
 * then turns. It tells apart clearly different voices; similar voices and overlapping speech are
 * beyond it.
 */
export function separate(samples: Float32Array | Int16Array, options: SeparateOptions): Separation {
  const report = options.onProgress ?? (() => {});
  const features = mfccFrames(samples, { sampleRate: options.sampleRate, scale: options.scale ?? 1 });
  report(0.5);
  const { count, hopS, frameS } = features;
  const centre = (f: number) => f * hopS + frameS / 2;
  const voiced = voiceActivity(features.energyDb);
  const regions = speechRegions(voiced, hopS);
  const speechS = regions.reduce((s, r) => s + (r.to - r.from) * hopS, 0);
  if (!regions.length) return { turns: [], speakers: 0, speechS: 0, voices: [] };

  // Coefficients without c0 (loudness), each centred over the recording (the channel's colour).
  const dims = features.coefficients - 1;
  const mean = new Float64Array(dims);
  let voicedCount = 0;
  for (let f = 0; f < count; f++) {
    if (!voiced[f]) continue;
    voicedCount++;
    for (let d = 0; d < dims; d++)
      mean[d] = (mean[d] ?? 0) + (features.mfcc[f * features.coefficients + d + 1] ?? 0);
  }
  for (let d = 0; d < dims; d++) mean[d] = (mean[d] ?? 0) / Math.max(1, voicedCount);
  const coef = (f: number, d: number) =>
    (features.mfcc[f * features.coefficients + d + 1] ?? 0) - (mean[d] ?? 0);

  const step = Math.max(STEP_S, speechS / MAX_WINDOWS);
  const windows = voiceWindows(regions, hopS, step);
  const vectors = windows.map(({ from, to }) => {
    const v = new Float64Array(dims * 2);
    let n = 0;
    for (let f = from; f < to; f++) {
      if (!voiced[f]) continue;
      n++;
      for (let d = 0; d < dims; d++) v[d] = (v[d] ?? 0) + coef(f, d);
    }
    for (let d = 0; d < dims; d++) v[d] = (v[d] ?? 0) / Math.max(1, n);
    for (let f = from; f < to; f++) {
      if (!voiced[f]) continue;
      for (let d = 0; d < dims; d++) v[dims + d] = (v[dims + d] ?? 0) + (coef(f, d) - (v[d] ?? 0)) ** 2;
    }
    for (let d = 0; d < dims; d++) v[dims + d] = Math.sqrt((v[dims + d] ?? 0) / Math.max(1, n));
    return v;
  });
  standardise(vectors);
  report(0.6);

  const given = options.speakers && options.speakers > 0 ? options.speakers : undefined;
  const n = vectors.length;
  const dist = cosineDistances(vectors);
  const levels = agglomerate(dist, n, Math.min(MAX_SPEAKERS, n));
  report(0.85);
  // Seconds of speech each window stands for (windows overlap: each stands for its step).
  const weights = windows.map((w) => Math.min((w.to - w.from) * hopS, step));
  let labels: number[];
  if (given) labels = levels[Math.min(given, n)] ?? new Array<number>(n).fill(0);
  else {
    // The fewest voices whose grouping stands out (nearly) as clearly as the best, each voice
    // beyond two costing a little (finer groups also gather one voice's similar sounds); one voice
    // when none stands out enough: cutting one voice's cloud of windows scores low whatever the cut.
    const tried: { labels: number[]; score: number; weighed: number }[] = [];
    for (let k = 2; k < levels.length; k++) {
      const grouping = levels[k];
      if (!grouping) continue;
      const cleaned = compact(absorbStrays(vectors, grouping, weights));
      const score = silhouette(dist, n, cleaned);
      options.onScore?.(k, score);
      const groups = Math.max(...cleaned) + 1;
      tried.push({ labels: cleaned, score, weighed: score - EXTRA_VOICE_COST * Math.max(0, groups - 2) });
    }
    const best = Math.max(-1, ...tried.map((t) => t.weighed));
    const chosen = tried.find((t) => t.weighed >= best - SCORE_TIE);
    labels =
      chosen && Math.max(-1, ...tried.map((t) => t.score)) >= (options.threshold ?? MIN_SILHOUETTE)
        ? chosen.labels
        : (levels[1] ?? new Array<number>(n).fill(0));
  }
  labels = refine(vectors, labels, 3);

  // Each speech frame takes the voice of the window centred nearest to it.
  const frameLabel = new Int32Array(count).fill(-1);
  for (const region of regions) {
    for (let f = region.from; f < region.to; f++) {
      let best = -1;
      let bestD = Number.POSITIVE_INFINITY;
      for (let w = region.firstWindow; w < region.lastWindow; w++) {
        const win = windows[w];
        if (!win) continue;
        const d = Math.abs((win.from + win.to) / 2 - f);
        if (d < bestD) {
          bestD = d;
          best = labels[w] ?? -1;
        }
      }
      frameLabel[f] = best;
    }
  }
  let turns: Turn[] = [];
  for (const region of regions) {
    let f = region.from;
    while (f < region.to) {
      const label = frameLabel[f] ?? -1;
      let g = f;
      while (g < region.to && frameLabel[g] === label) g++;
      const start = Math.max(0, centre(f) - frameS / 2);
      const end = centre(g - 1) + frameS / 2;
      const last = turns.at(-1);
      // The same voice after a short pause goes on with its turn.
      if (last && last.speaker === label && start - last.end < 1.0) last.end = end;
      else turns.push({ start, end, speaker: label });
      f = g;
    }
  }
  turns = smoothTurns(turns);
  const order = new Map<number, number>();
  for (const t of turns) if (!order.has(t.speaker)) order.set(t.speaker, order.size);
  turns = turns.map((t) => ({
    start: round(t.start),
    end: round(t.end),
    speaker: order.get(t.speaker) ?? 0,
  }));
  report(1);
  return {
    turns,
    speakers: order.size,
    speechS: round(speechS),
    voices: voicePrints(features, voiced, turns, order.size),
  };
}

/**
 * Speech frames: louder than the quiet of the recording by a margin, and not far below its loud
 * parts (a floor for digital silence).
 */
export function voiceActivity(energyDb: Float32Array): Uint8Array {
  const sorted = [...energyDb].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? -100;
  const floor = at(0.1);
  const loud = at(0.95);
  const threshold = Math.max(floor + 0.35 * (loud - floor), loud - 40, -55);
  const out = new Uint8Array(energyDb.length);
  for (let i = 0; i < energyDb.length; i++) out[i] = (energyDb[i] ?? -100) > threshold ? 1 : 0;
  return out;
}

interface Region {
  from: number;
  to: number;
  firstWindow: number;
  lastWindow: number;
}

function speechRegions(voiced: Uint8Array, hopS: number): Region[] {
  const bridge = Math.round(BRIDGE_S / hopS);
  const minimum = Math.round(MIN_SPEECH_S / hopS);
  const regions: Region[] = [];
  let f = 0;
  while (f < voiced.length) {
    if (!voiced[f]) {
      f++;
      continue;
    }
    let to = f;
    let quiet = 0;
    let g = f;
    while (g < voiced.length && quiet <= bridge) {
      if (voiced[g]) {
        quiet = 0;
        to = g + 1;
      } else quiet++;
      g++;
    }
    if (to - f >= minimum) regions.push({ from: f, to, firstWindow: 0, lastWindow: 0 });
    f = to + 1;
  }
  return regions;
}

/** Windows inside each region: 1.5 s long every `step` seconds; a short region is one window. */
function voiceWindows(regions: Region[], hopS: number, stepS: number): { from: number; to: number }[] {
  const length = Math.round(WINDOW_S / hopS);
  const step = Math.max(1, Math.round(stepS / hopS));
  const windows: { from: number; to: number }[] = [];
  for (const region of regions) {
    region.firstWindow = windows.length;
    const span = region.to - region.from;
    if (span <= length) windows.push({ from: region.from, to: region.to });
    else {
      let from = region.from;
      for (; from + length < region.to; from += step) windows.push({ from, to: from + length });
      // The last window ends with the region.
      windows.push({ from: Math.max(region.from, region.to - length), to: region.to });
    }
    region.lastWindow = windows.length;
  }
  return windows;
}

/** Each dimension to zero mean and unit spread over all windows, so none outweighs the others. */
function standardise(vectors: Float64Array[]): void {
  const first = vectors[0];
  if (!first) return;
  for (let d = 0; d < first.length; d++) {
    let sum = 0;
    for (const v of vectors) sum += v[d] ?? 0;
    const mean = sum / vectors.length;
    let spread = 0;
    for (const v of vectors) spread += ((v[d] ?? 0) - mean) ** 2;
    const sd = Math.sqrt(spread / vectors.length) || 1;
    for (const v of vectors) v[d] = ((v[d] ?? 0) - mean) / sd;
  }
}

function centroids(vectors: Float64Array[], labels: number[]): Map<number, Float64Array> {
  const sums = new Map<number, Float64Array>();
  vectors.forEach((v, i) => {
    const label = labels[i] ?? 0;
    const sum = sums.get(label) ?? new Float64Array(v.length);
    const u = normalised(v);
    for (let d = 0; d < v.length; d++) sum[d] = (sum[d] ?? 0) + (u[d] ?? 0);
    sums.set(label, sum);
  });
  return new Map([...sums].map(([label, sum]) => [label, normalised(sum)]));
}

function nearestCentre(v: Float64Array, centres: Map<number, Float64Array>): number {
  const u = normalised(v);
  let best = 0;
  let bestSim = Number.NEGATIVE_INFINITY;
  for (const [label, c] of centres) {
    const sim = dot(u, c);
    if (sim > bestSim) {
      bestSim = sim;
      best = label;
    }
  }
  return best;
}

/** Voices with too little speech to be a person of their own join the nearest other voice. */
function absorbStrays(vectors: Float64Array[], labels: number[], weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const time = new Map<number, number>();
  labels.forEach((l, i) => {
    time.set(l, (time.get(l) ?? 0) + (weights[i] ?? 0));
  });
  const kept = new Set(
    [...time].filter(([, t]) => t >= MIN_VOICE_S && (t >= MIN_SHARE * total || t >= 20)).map(([l]) => l),
  );
  if (kept.size === 0) return labels.map(() => 0);
  if (kept.size === time.size) return labels;
  const centres = new Map([...centroids(vectors, labels)].filter(([l]) => kept.has(l)));
  return labels.map((l, i) => (kept.has(l) ? l : nearestCentre(vectors[i] as Float64Array, centres)));
}

/** A few rounds of moving each window to the voice whose centre is nearest. */
function refine(vectors: Float64Array[], labels: number[], rounds: number): number[] {
  let current = labels;
  for (let r = 0; r < rounds; r++) {
    const centres = centroids(vectors, current);
    const next = vectors.map((v) => nearestCentre(v, centres));
    if (next.every((l, i) => l === current[i])) break;
    current = next;
  }
  return current;
}

/** Turns shorter than `MIN_TURN_S` go to the voice of the longer neighbour; equal voices join. */
function smoothTurns(turns: Turn[]): Turn[] {
  let out = turns.map((t) => ({ ...t }));
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < out.length; i++) {
      const t = out[i] as Turn;
      if (t.end - t.start >= MIN_TURN_S) continue;
      const before = out[i - 1];
      const after = out[i + 1];
      const neighbour =
        before && after
          ? before.end - before.start >= after.end - after.start
            ? before
            : after
          : (before ?? after);
      if (!neighbour || neighbour.speaker === t.speaker) continue;
      t.speaker = neighbour.speaker;
      changed = true;
    }
    const merged: Turn[] = [];
    for (const t of out) {
      const last = merged.at(-1);
      if (last && last.speaker === t.speaker && t.start - last.end < 1.5)
        last.end = Math.max(last.end, t.end);
      else merged.push(t);
    }
    if (merged.length !== out.length) changed = true;
    out = merged;
  }
  return out;
}

/** Labels renumbered 0, 1, 2, … with no gaps. */
function compact(labels: number[]): number[] {
  const map = new Map<number, number>();
  return labels.map((l) => {
    if (!map.has(l)) map.set(l, map.size);
    return map.get(l) ?? 0;
  });
}

function round(s: number): number {
  return Math.round(s * 100) / 100;
}
