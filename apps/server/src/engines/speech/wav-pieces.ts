import { open } from 'node:fs/promises';
import { readWavInfo, type WavInfo, wavHeader } from './wav-file.ts';

/** A stretch of a WAV file's samples. */
export interface WavPiece {
  /** Byte offset of the first sample in the file. */
  offset: number;
  bytes: number;
  /** Seconds from the start of the audio. */
  startS: number;
  durationS: number;
}

/** Audio around a planned cut searched for its quietest moment, so that words are not cut in two. */
const SEARCH_S = 2;
const FRAME_S = 0.02;

/**
 * Plans how to cut a PCM WAV into pieces whose files (with their own 44-byte header) stay under
 * `maxFileBytes` and `maxSeconds`. Each cut is moved back to the quietest 20 ms in the two seconds
 * before it. One piece when the whole file fits.
 */
export async function planWavPieces(
  filePath: string,
  options: { maxFileBytes: number; maxSeconds?: number },
): Promise<{ info: WavInfo; pieces: WavPiece[] }> {
  const info = await readWavInfo(filePath);
  const bytesPerSecond = info.sampleRate * info.blockAlign;
  const align = (n: number) => Math.floor(n / info.blockAlign) * info.blockAlign;
  const bySize = align(options.maxFileBytes - 44);
  const byTime = align((options.maxSeconds ?? Number.POSITIVE_INFINITY) * bytesPerSecond);
  const target = Math.max(align(bytesPerSecond), Math.min(bySize, byTime));
  const pieces: WavPiece[] = [];
  const end = info.dataOffset + info.dataBytes;
  const file = await open(filePath, 'r');
  try {
    let start = info.dataOffset;
    while (start < end) {
      let cut = Math.min(end, start + target);
      if (cut < end && info.bitsPerSample === 16) cut = await quietestCut(file, info, start, cut);
      pieces.push({
        offset: start,
        bytes: cut - start,
        startS: (start - info.dataOffset) / bytesPerSecond,
        durationS: (cut - start) / bytesPerSecond,
      });
      start = cut;
    }
  } finally {
    await file.close();
  }
  return { info, pieces };
}

/** The piece as a standalone WAV file (header and samples in one buffer). */
export async function readWavPiece(
  filePath: string,
  info: WavInfo,
  piece: WavPiece,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(new ArrayBuffer(44 + piece.bytes));
  bytes.set(wavHeader(piece.bytes, info.sampleRate, info.channels, info.bitsPerSample), 0);
  const file = await open(filePath, 'r');
  try {
    await file.read(bytes, 44, piece.bytes, piece.offset);
  } finally {
    await file.close();
  }
  return bytes;
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/** The middle of the quietest frame in the `SEARCH_S` seconds before `cut` (never before `start`). */
async function quietestCut(file: FileHandle, info: WavInfo, start: number, cut: number): Promise<number> {
  const frame = Math.max(info.blockAlign, Math.floor(FRAME_S * info.sampleRate) * info.blockAlign);
  const from = Math.max(start + frame, cut - Math.floor(SEARCH_S * info.sampleRate) * info.blockAlign);
  if (cut - from < frame) return cut;
  const window = Buffer.alloc(cut - from);
  await file.read(window, 0, window.length, from);
  let best = cut;
  let quietest = Number.POSITIVE_INFINITY;
  for (let at = 0; at + frame <= window.length; at += frame) {
    let energy = 0;
    for (let i = at; i + 1 < at + frame; i += 2) {
      const sample = window.readInt16LE(i);
      energy += sample * sample;
    }
    // Later frames win ties, keeping pieces as long as allowed.
    if (energy <= quietest) {
      quietest = energy;
      best = from + at + Math.floor(frame / 2 / info.blockAlign) * info.blockAlign;
    }
  }
  return best;
}
