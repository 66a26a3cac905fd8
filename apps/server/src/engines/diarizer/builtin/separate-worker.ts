// A separator worker: finds the voices of one decoded recording off the job thread.
import { readFile } from 'node:fs/promises';
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
  const bytes = await readFile(job.wavPath);
  const count = Math.floor(info.dataBytes / 2);
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(info.dataOffset + i * 2) / 32768;
  const result = separate(samples, {
    sampleRate: info.sampleRate,
    speakers: job.speakers,
    onProgress: (fraction) => port.postMessage({ type: 'progress', fraction } satisfies SeparateMessage),
  });
  port.postMessage({ type: 'done', result } satisfies SeparateMessage);
} catch (err) {
  port.postMessage({ type: 'error', message: (err as Error).message } satisfies SeparateMessage);
}
