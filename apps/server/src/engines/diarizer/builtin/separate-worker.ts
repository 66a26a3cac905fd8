// A separator worker: finds the voices of one decoded recording off the job thread.
import { open } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { readWavInfo } from '../../speech/wav-file.ts';
import { separate } from './separate.ts';

export interface SeparateJob {
  wavPath: string;
  speakers?: number | undefined;
}

export type SeparateMessage =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: ReturnType<typeof separate> }
  | { type: 'error'; message: string };

if (!parentPort) throw new Error('separate-worker runs as a worker thread');
const port = parentPort;
const job = workerData as SeparateJob;

try {
  const info = await readWavInfo(job.wavPath);
  if (info.bitsPerSample !== 16 || info.channels !== 1) {
    throw new Error(`${job.wavPath} is not 16-bit mono PCM`);
  }
  // The samples as they are in the file (2 bytes each, little-endian like every machine it runs on).
  const samples = new Int16Array(Math.floor(info.dataBytes / 2));
  const file = await open(job.wavPath, 'r');
  try {
    const into = Buffer.from(samples.buffer);
    for (let done = 0; done < into.length; ) {
      const { bytesRead } = await file.read(into, done, into.length - done, info.dataOffset + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
  } finally {
    await file.close();
  }
  const result = separate(samples, {
    sampleRate: info.sampleRate,
    scale: 1 / 32768,
    speakers: job.speakers,
    onProgress: (fraction) => port.postMessage({ type: 'progress', fraction } satisfies SeparateMessage),
  });
  port.postMessage({ type: 'done', result } satisfies SeparateMessage);
} catch (err) {
  port.postMessage({ type: 'error', message: (err as Error).message } satisfies SeparateMessage);
}
