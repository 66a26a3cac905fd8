// A sherpa-onnx speaker process: runs pyannote segmentation, speaker embeddings and clustering on
// one decoded recording. A child process, not a worker thread: the native calls block the thread
// they run on, and sherpa-onnx ends the whole process (abort) on a damaged or wrong model file,
// which must not take the server with it.
import { createRequire } from 'node:module';
import { mfccFrames } from '../builtin/mfcc.ts';
import { voiceActivity } from '../builtin/separate.ts';
import { voicePrints } from '../builtin/voice-print.ts';
import type { SpeakerTurn } from '../diarizer.ts';
import { type SherpaSegment, toTurns } from './sherpa-turns.ts';

export interface SherpaJob {
  wavPath: string;
  segmentationModel: string;
  embeddingModel: string;
  /** The number of voices when the user gave it; otherwise the clustering threshold decides. */
  speakers?: number | undefined;
  threshold: number;
  numThreads: number;
}

/** What the process finds: turns numbered from 0 by first appearance, and each voice's print. */
export interface SherpaFound {
  turns: SpeakerTurn[];
  speakers: number;
  /**
   * The built-in separator's voice prints (MFCC mean and spread) of each voice's turns, so that
   * voice profiles compare alike whichever engine found the voices.
   */
  voices: number[][];
}

export type SherpaMessage =
  | { type: 'loaded' }
  | { type: 'done'; found: SherpaFound; durationS: number }
  | { type: 'error'; message: string };

interface SherpaModule {
  readWave(path: string): { samples: Float32Array; sampleRate: number };
  OfflineSpeakerDiarization: new (
    config: unknown,
  ) => { sampleRate: number; process(samples: Float32Array): SherpaSegment[] };
}

const send = (message: SherpaMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) throw new Error('sherpa-worker runs as a child process with an IPC channel');
    process.send(message, undefined, {}, () => resolve());
  });

process.once('message', (job: SherpaJob) => {
  void work(job).finally(() => process.disconnect?.());
});

async function work(job: SherpaJob): Promise<void> {
  try {
    const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as SherpaModule;
    const diarizer = new sherpa.OfflineSpeakerDiarization({
      segmentation: { pyannote: { model: job.segmentationModel }, numThreads: job.numThreads, debug: 0 },
      embedding: { model: job.embeddingModel, numThreads: job.numThreads, debug: 0 },
      // numClusters wins when it is above 0; otherwise clusters closer than the threshold merge.
      clustering: {
        numClusters: job.speakers && job.speakers > 0 ? job.speakers : -1,
        threshold: job.threshold,
      },
      minDurationOn: 0.2,
      minDurationOff: 0.3,
    });
    await send({ type: 'loaded' });
    const wave = sherpa.readWave(job.wavPath);
    if (wave.sampleRate !== diarizer.sampleRate)
      throw new Error(`${job.wavPath} is ${wave.sampleRate} Hz; the models expect ${diarizer.sampleRate} Hz`);
    const turns = toTurns(diarizer.process(wave.samples));
    const speakers = new Set(turns.map((t) => t.speaker)).size;
    const features = mfccFrames(wave.samples, { sampleRate: wave.sampleRate });
    const voices = voicePrints(features, voiceActivity(features.energyDb), turns, speakers);
    await send({
      type: 'done',
      found: { turns, speakers, voices },
      durationS: wave.samples.length / wave.sampleRate,
    });
  } catch (err) {
    await send({ type: 'error', message: (err as Error).message });
  }
}
