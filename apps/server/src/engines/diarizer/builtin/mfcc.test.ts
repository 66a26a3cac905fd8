import { describe, expect, it } from 'vitest';
import { Fft, mfccFrames } from './mfcc.ts';

const RATE = 16_000;

/** A repeatable signal in −1…1 (a linear congruential generator). */
function noise(length: number, seed = 7): Float32Array {
  const out = new Float32Array(length);
  let s = seed;
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out[i] = (s / 0x7fffffff) * 2 - 1;
  }
  return out;
}

function tone(hz: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE),
  );
}

/** The coefficients after c0 of every frame, averaged. */
function meanShape(samples: Float32Array | Int16Array, scale = 1): number[] {
  const f = mfccFrames(samples, { sampleRate: RATE, scale });
  return Array.from({ length: f.coefficients - 1 }, (_, d) => {
    let sum = 0;
    for (let i = 0; i < f.count; i++) sum += f.mfcc[i * f.coefficients + d + 1] ?? 0;
    return sum / f.count;
  });
}

function cosine(a: number[], b: number[]): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  });
  return ab / Math.sqrt(aa * bb);
}

describe('the FFT', () => {
  it('gives what the discrete Fourier transform gives', () => {
    for (const size of [8, 64, 512]) {
      const input = noise(size, size);
      const re = Float64Array.from(input);
      const im = new Float64Array(size);
      new Fft(size).transform(re, im);
      for (let k = 0; k < size; k++) {
        let wantRe = 0;
        let wantIm = 0;
        for (let n = 0; n < size; n++) {
          wantRe += (input[n] ?? 0) * Math.cos((2 * Math.PI * k * n) / size);
          wantIm -= (input[n] ?? 0) * Math.sin((2 * Math.PI * k * n) / size);
        }
        expect(re[k]).toBeCloseTo(wantRe, 9);
        expect(im[k]).toBeCloseTo(wantIm, 9);
      }
    }
  });

  it('refuses a size that is not a power of two', () => {
    expect(() => new Fft(400)).toThrow('FFT size 400 is not a power of two');
  });
});

describe('MFCC frames', () => {
  it('cuts 25 ms frames every 10 ms', () => {
    const f = mfccFrames(noise(RATE), { sampleRate: RATE });
    expect(f.count).toBe(98);
    expect(f.coefficients).toBe(20);
    expect(f.mfcc).toHaveLength(98 * 20);
    expect(f.hopS).toBe(0.01);
    expect(f.frameS).toBe(0.025);
    expect(mfccFrames(new Float32Array(399), { sampleRate: RATE }).count).toBe(0);
  });

  it('measures each frame’s level against full scale', () => {
    const loud = mfccFrames(tone(1000, 0.5, 1), { sampleRate: RATE });
    for (const db of loud.energyDb) expect(db).toBeCloseTo(-3, 0);
    const quiet = mfccFrames(tone(1000, 0.5, 0.01), { sampleRate: RATE });
    for (const db of quiet.energyDb) expect(db).toBeCloseTo(-43, 0);
    expect(mfccFrames(new Float32Array(RATE), { sampleRate: RATE }).energyDb[0]).toBe(-100);
  });

  it('reads 16-bit samples through their scale as it reads the same samples in −1…1', () => {
    const floats = noise(RATE / 2).map((x) => Math.round(x * 20_000) / 32_768);
    const ints = Int16Array.from(floats, (x) => Math.round(x * 32_768));
    const a = mfccFrames(floats, { sampleRate: RATE });
    const b = mfccFrames(ints, { sampleRate: RATE, scale: 1 / 32_768 });
    for (let i = 0; i < a.mfcc.length; i++) expect(b.mfcc[i]).toBeCloseTo(a.mfcc[i] ?? 0, 3);
  });

  it('keeps loudness in c0 alone, so the same sound softer has the same shape', () => {
    const sound = noise(RATE).map((x, i) => 0.3 * x + 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE));
    const loud = mfccFrames(sound, { sampleRate: RATE });
    const soft = mfccFrames(
      sound.map((x) => x / 4),
      { sampleRate: RATE },
    );
    for (let i = 0; i < loud.mfcc.length; i++) {
      // A quarter of the amplitude is ln(1/16) less in every mel band: √26 · ln(1/16) in c0.
      const want =
        i % 20 === 0 ? (loud.mfcc[i] ?? 0) + Math.sqrt(26) * Math.log(1 / 16) : (loud.mfcc[i] ?? 0);
      expect(soft.mfcc[i]).toBeCloseTo(want, 3);
    }
  });

  it('tells a low sound from a high one by the coefficients after c0', () => {
    const low = meanShape(tone(300, 1));
    const high = meanShape(tone(3000, 1));
    expect(cosine(low, meanShape(tone(300, 1, 0.05)))).toBeGreaterThan(0.999);
    expect(cosine(low, high)).toBeLessThan(0.5);
  });
});
