/**
 * Mel-frequency cepstral coefficients of 16 kHz mono speech: 25 ms Hamming frames every 10 ms,
 * a 512-point FFT, 26 triangular mel filters from 60 Hz to 7.6 kHz, log energies, DCT-II. The
 * per-frame log energy is returned beside them for voice activity.
 *
 * Written here rather than taken from an audio-feature library, after measuring the one that fits
 * (meyda, MIT; essentia.js is AGPL): its MFCC takes log(1 + energy) over filters from 0 Hz in
 * 512-sample frames. With its 26 filters the separator lost the third voice of three-voice
 * conversations; with 40 it matched this one on 20 flite conversations (98.7 % of speech time to
 * the right voice) but its features took 8 times as long, voice prints crowded near 1 (0.06
 * between other voices and the same voice, where this one leaves 0.23), and it brings 32
 * dependencies (its command line's among them). Prints kept in voice profiles are made by this
 * code: changing it makes them incomparable.
 */

export interface MfccOptions {
  sampleRate: number;
  /** What one unit of a sample is worth at full scale 1 (1 / 32768 for 16-bit samples). */
  scale?: number;
  /** Frame length and step in seconds. */
  frameS?: number;
  hopS?: number;
  /** Coefficients kept, c0 included. */
  coefficients?: number;
  filters?: number;
  lowHz?: number;
  highHz?: number;
}

export interface MfccFrames {
  /** `count` × `coefficients` values, row by row. */
  mfcc: Float32Array;
  /** Log energy of each frame, in dB (relative to full scale). */
  energyDb: Float32Array;
  count: number;
  coefficients: number;
  /** Seconds between frame starts; frame `i` is centred on `i * hopS + frameS / 2`. */
  hopS: number;
  frameS: number;
}

export function mfccFrames(samples: Float32Array | Int16Array, options: MfccOptions): MfccFrames {
  const sampleRate = options.sampleRate;
  const scale = options.scale ?? 1;
  const frameS = options.frameS ?? 0.025;
  const hopS = options.hopS ?? 0.01;
  const coefficients = options.coefficients ?? 20;
  const filters = options.filters ?? 26;
  const frameLen = Math.round(frameS * sampleRate);
  const hop = Math.round(hopS * sampleRate);
  let fftSize = 1;
  while (fftSize < frameLen) fftSize *= 2;
  const count = samples.length < frameLen ? 0 : Math.floor((samples.length - frameLen) / hop) + 1;
  const window = new Float32Array(frameLen);
  for (let i = 0; i < frameLen; i++) window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frameLen - 1));
  const bank = melFilterBank(filters, fftSize, sampleRate, options.lowHz ?? 60, options.highHz ?? 7600);
  const dct = dctMatrix(coefficients, filters);
  const fft = new Fft(fftSize);
  const re = new Float64Array(fftSize);
  const im = new Float64Array(fftSize);
  const power = new Float64Array(fftSize / 2 + 1);
  const logMel = new Float64Array(filters);
  const mfcc = new Float32Array(count * coefficients);
  const energyDb = new Float32Array(count);
  for (let f = 0; f < count; f++) {
    const start = f * hop;
    let energy = 0;
    let previous = start > 0 ? (samples[start - 1] ?? 0) * scale : 0;
    for (let i = 0; i < fftSize; i++) {
      if (i < frameLen) {
        const x = (samples[start + i] ?? 0) * scale;
        energy += x * x;
        // Pre-emphasis lifts the higher formants that tell voices apart.
        re[i] = (x - 0.97 * previous) * (window[i] ?? 0);
        previous = x;
      } else re[i] = 0;
      im[i] = 0;
    }
    energyDb[f] = 10 * Math.log10(energy / frameLen + 1e-10);
    fft.transform(re, im);
    for (let k = 0; k <= fftSize / 2; k++) power[k] = ((re[k] ?? 0) ** 2 + (im[k] ?? 0) ** 2) / fftSize;
    for (let m = 0; m < filters; m++) {
      const { from, weights } = bank[m] as MelFilter;
      let sum = 0;
      for (let k = 0; k < weights.length; k++) sum += (weights[k] ?? 0) * (power[from + k] ?? 0);
      logMel[m] = Math.log(sum + 1e-10);
    }
    for (let c = 0; c < coefficients; c++) {
      let sum = 0;
      const row = c * filters;
      for (let m = 0; m < filters; m++) sum += (dct[row + m] ?? 0) * (logMel[m] ?? 0);
      mfcc[f * coefficients + c] = sum;
    }
  }
  return { mfcc, energyDb, count, coefficients, hopS: hop / sampleRate, frameS: frameLen / sampleRate };
}

interface MelFilter {
  from: number;
  weights: Float64Array;
}

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

function melFilterBank(filters: number, fftSize: number, sampleRate: number, lowHz: number, highHz: number) {
  const low = hzToMel(lowHz);
  const high = hzToMel(Math.min(highHz, sampleRate / 2));
  const edges = Array.from({ length: filters + 2 }, (_, i) =>
    melToHz(low + ((high - low) * i) / (filters + 1)),
  );
  const binHz = sampleRate / fftSize;
  const bank: MelFilter[] = [];
  for (let m = 1; m <= filters; m++) {
    const left = edges[m - 1] ?? 0;
    const centre = edges[m] ?? 0;
    const right = edges[m + 1] ?? 0;
    const from = Math.max(0, Math.floor(left / binHz));
    const to = Math.min(fftSize / 2, Math.ceil(right / binHz));
    const weights = new Float64Array(to - from + 1);
    for (let k = from; k <= to; k++) {
      const hz = k * binHz;
      const w = hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
      weights[k - from] = Math.max(0, w);
    }
    bank.push({ from, weights });
  }
  return bank;
}

/** Orthonormal DCT-II rows, `coefficients` × `filters`. */
function dctMatrix(coefficients: number, filters: number): Float64Array {
  const out = new Float64Array(coefficients * filters);
  for (let c = 0; c < coefficients; c++) {
    const scale = c === 0 ? Math.sqrt(1 / filters) : Math.sqrt(2 / filters);
    for (let m = 0; m < filters; m++)
      out[c * filters + m] = scale * Math.cos((Math.PI * c * (m + 0.5)) / filters);
  }
  return out;
}

/** An in-place iterative radix-2 complex FFT of a fixed power-of-two size. */
export class Fft {
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;
  constructor(readonly size: number) {
    if (size < 2 || (size & (size - 1)) !== 0) throw new Error(`FFT size ${size} is not a power of two`);
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
    const bits = Math.log2(size);
    this.reversed = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
  }

  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const j = this.reversed[i] ?? 0;
      if (j > i) {
        const tr = re[i] ?? 0;
        re[i] = re[j] ?? 0;
        re[j] = tr;
        const ti = im[i] ?? 0;
        im[i] = im[j] ?? 0;
        im[j] = ti;
      }
    }
    for (let len = 2; len <= n; len *= 2) {
      const half = len / 2;
      const step = n / len;
      for (let start = 0; start < n; start += len) {
        for (let k = 0; k < half; k++) {
          const wr = this.cos[k * step] ?? 0;
          const wi = this.sin[k * step] ?? 0;
          const a = start + k;
          const b = a + half;
          const xr = (re[b] ?? 0) * wr - (im[b] ?? 0) * wi;
          const xi = (re[b] ?? 0) * wi + (im[b] ?? 0) * wr;
          re[b] = (re[a] ?? 0) - xr;
          im[b] = (im[a] ?? 0) - xi;
          re[a] = (re[a] ?? 0) + xr;
          im[a] = (im[a] ?? 0) + xi;
        }
      }
    }
  }
}
