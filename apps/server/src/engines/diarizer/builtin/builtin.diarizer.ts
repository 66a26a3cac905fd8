import { concurrencyLimit, startWorker } from '../../../lib/worker-thread.ts';
import { EngineError, type EngineStatus } from '../../engine.ts';
import type { DiarizeRequest, DiarizeResult, DiarizerEngine } from '../diarizer.ts';
import type { SeparateMessage } from './separate-worker.ts';

/** Recordings separated at once; more wait their turn, so speaker detection never takes every core. */
const MAX_PARALLEL = 1;
const turn = concurrencyLimit(MAX_PARALLEL);

/**
 * The built-in voice separator: energy-based speech detection, MFCC voice vectors and clustering,
 * in a worker thread. Nothing to download; tells clearly different voices apart, not similar ones
 * or people talking over each other.
 */
export class BuiltinDiarizer implements DiarizerEngine {
  readonly id = 'builtin';
  readonly kind = 'diarizer' as const;
  readonly name = 'Built-in voice separator (offline)';

  async status(): Promise<EngineStatus> {
    return {
      state: 'ready',
      reason:
        'Built-in voice separator: tells clearly different voices apart; weaker on similar voices and overlapping speech',
      detail: 'Spectral features (MFCC) and agglomerative clustering, in a worker thread.',
    };
  }

  async diarize(request: DiarizeRequest): Promise<DiarizeResult> {
    request.signal.throwIfAborted();
    const done = await turn();
    try {
      request.signal.throwIfAborted();
      const worker = startWorker(
        { built: 'separate-worker', source: 'engines/diarizer/builtin/separate-worker.ts' },
        { workerData: { wavPath: request.wavPath, speakers: request.speakers } },
      );
      const result = await new Promise<DiarizeResult>((resolve, reject) => {
        const abort = () => {
          void worker.terminate();
          reject(request.signal.reason);
        };
        request.signal.addEventListener('abort', abort, { once: true });
        const settle = () => request.signal.removeEventListener('abort', abort);
        worker.on('message', (message: SeparateMessage) => {
          if (message.type === 'progress') request.onProgress(message.fraction);
          else if (message.type === 'done') {
            settle();
            resolve({
              turns: message.result.turns,
              speakers: message.result.speakers,
              model: 'mfcc-ahc',
              voices: message.result.voices,
            });
          } else {
            settle();
            reject(
              new EngineError(`The voice separator failed: ${message.message}`, false, {
                userMessage: 'Speakers could not be told apart in this recording.',
              }),
            );
          }
        });
        worker.once('error', (err) => {
          settle();
          reject(err);
        });
        worker.once('exit', (code) => {
          settle();
          reject(new Error(`the voice separator stopped (exit code ${code})`));
        });
      });
      void worker.terminate();
      return result;
    } finally {
      done();
    }
  }
}
