import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Two images compared pixel by pixel with a perceptual colour distance (YIQ), ignoring anti-aliasing. */
export interface PngDiff {
  /** Pixels that differ beyond the threshold. */
  mismatched: number;
  /** Share of all pixels that differ. */
  ratio: number;
  /** The differing pixels in red over a faded copy of the first image. */
  diff: Buffer;
}

export function diffPngs(a: PNG, b: PNG, threshold = 0.1): PngDiff {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Images differ in size: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  }
  const out = new PNG({ width: a.width, height: a.height });
  const mismatched = pixelmatch(a.data, b.data, out.data, a.width, a.height, { threshold, includeAA: false });
  return { mismatched, ratio: mismatched / (a.width * a.height), diff: PNG.sync.write(out) };
}

export function readPng(bytes: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(bytes));
}
