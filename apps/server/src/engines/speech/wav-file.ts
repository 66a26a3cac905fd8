import { open } from 'node:fs/promises';

/** Where the samples of a PCM WAV file are and how they are laid out. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes per sample frame (all channels). */
  blockAlign: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of samples. */
  dataBytes: number;
  durationS: number;
  /**
   * Seconds the header says the samples last; more than `durationS` when the file was cut short.
   * Null when the header was written while streaming (size 0 or 0xFFFFFFFF).
   */
  declaredS: number | null;
}

/**
 * Reads the header of a PCM WAV file, walking its chunks (ffmpeg may write a LIST chunk before the
 * samples). Throws when the file is not a PCM WAV.
 */
export async function readWavInfo(filePath: string): Promise<WavInfo> {
  const file = await open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await file.read(head, 0, head.length, 0);
    if (
      head.length < 12 ||
      head.toString('ascii', 0, 4) !== 'RIFF' ||
      head.toString('ascii', 8, 12) !== 'WAVE'
    ) {
      throw new Error(`${filePath} is not a WAV file`);
    }
    let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'durationS' | 'declaredS'> | undefined;
    let offset = 12;
    while (offset + 8 <= head.length) {
      const id = head.toString('ascii', offset, offset + 4);
      const chunkSize = head.readUInt32LE(offset + 4);
      const body = offset + 8;
      if (id === 'fmt ' && body + 16 <= head.length) {
        const format = head.readUInt16LE(body);
        if (format !== 1 && format !== 0xfffe) throw new Error(`${filePath} is not PCM (format ${format})`);
        fmt = {
          channels: head.readUInt16LE(body + 2),
          sampleRate: head.readUInt32LE(body + 4),
          blockAlign: head.readUInt16LE(body + 12),
          bitsPerSample: head.readUInt16LE(body + 14),
        };
      } else if (id === 'data') {
        if (!fmt) throw new Error(`${filePath} has samples before its format`);
        // A header written while streaming may hold 0 or 0xFFFFFFFF: trust the file size then.
        const dataBytes = Math.min(chunkSize === 0 ? Number.MAX_SAFE_INTEGER : chunkSize, size - body);
        const usable = dataBytes - (dataBytes % fmt.blockAlign);
        const bytesPerS = fmt.blockAlign * fmt.sampleRate;
        const streamed = chunkSize === 0 || chunkSize === 0xffffffff;
        return {
          ...fmt,
          dataOffset: body,
          dataBytes: usable,
          durationS: usable / bytesPerS,
          declaredS: streamed ? null : chunkSize / bytesPerS,
        };
      }
      offset = body + chunkSize + (chunkSize % 2);
    }
    throw new Error(`${filePath} has no samples`);
  } finally {
    await file.close();
  }
}

/** A canonical 44-byte header for `dataBytes` of PCM samples. */
export function wavHeader(dataBytes: number, sampleRate = 16_000, channels = 1, bitsPerSample = 16): Buffer {
  const blockAlign = (channels * bitsPerSample) / 8;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * The samples of a mono 16-bit PCM WAV at `sampleRate` (what `decodeToWav` writes), as one buffer.
 * Throws when the file is in another layout.
 */
export async function readPcm16(filePath: string, sampleRate: number): Promise<ArrayBuffer> {
  const info = await readWavInfo(filePath);
  if (info.sampleRate !== sampleRate || info.channels !== 1 || info.bitsPerSample !== 16) {
    throw new Error(
      `expected ${sampleRate} Hz mono 16-bit audio, found ${info.sampleRate} Hz, ${info.channels} channel(s), ${info.bitsPerSample}-bit`,
    );
  }
  const pcm = new ArrayBuffer(info.dataBytes);
  const file = await open(filePath, 'r');
  try {
    await file.read(new Uint8Array(pcm), 0, info.dataBytes, info.dataOffset);
  } finally {
    await file.close();
  }
  return pcm;
}
