import { describe, expect, it } from 'vitest';
import { downmixToMono, encodeWav, resampleLinear } from './wav-encoder.ts';

function ascii(view: DataView, offset: number, length: number): string {
  return String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)));
}

describe('encodeWav', () => {
  it('writes a 44-byte RIFF/WAVE header for mono 16-bit PCM', () => {
    const sine = Float32Array.from(
      { length: 16000 },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 16000),
    );
    const view = new DataView(encodeWav(sine, 16000));
    expect(view.byteLength).toBe(44 + 32000);
    expect(ascii(view, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 32000);
    expect(ascii(view, 8, 4)).toBe('WAVE');
    expect(ascii(view, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint32(28, true)).toBe(32000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(view, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(32000);
  });

  it('stores samples as little-endian 16-bit integers, clipping out-of-range and NaN values', () => {
    const view = new DataView(encodeWav(Float32Array.from([0, 1, -1, 0.5, 2, -3, Number.NaN]), 8000));
    const values = Array.from({ length: 7 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(values).toEqual([0, 32767, -32768, 16384, 32767, -32768, 0]);
  });

  it('handles an empty signal', () => {
    const view = new DataView(encodeWav(new Float32Array(0), 16000));
    expect(view.byteLength).toBe(44);
    expect(view.getUint32(40, true)).toBe(0);
  });
});

describe('downmixToMono', () => {
  it('averages channels and keeps the shortest length', () => {
    const mono = downmixToMono([Float32Array.from([1, 0.5, 0.2]), Float32Array.from([0, -0.5])]);
    expect(Array.from(mono)).toEqual([0.5, 0]);
  });

  it('passes a single channel through and gives nothing for no channels', () => {
    const one = Float32Array.from([0.1, 0.2]);
    expect(downmixToMono([one])).toBe(one);
    expect(downmixToMono([])).toHaveLength(0);
  });
});

describe('resampleLinear', () => {
  it('converts 48 kHz to 16 kHz keeping the duration and the shape', () => {
    const rate = 48000;
    const input = Float32Array.from({ length: rate }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / rate));
    const out = resampleLinear(input, rate, 16000);
    expect(out).toHaveLength(16000);
    for (const i of [0, 40, 1234, 15999]) {
      expect(out[i]).toBeCloseTo(Math.sin((2 * Math.PI * 100 * i) / 16000), 3);
    }
  });

  it('returns the input unchanged when the rates match', () => {
    const input = Float32Array.from([1, 2, 3]);
    expect(resampleLinear(input, 16000, 16000)).toBe(input);
  });
});
