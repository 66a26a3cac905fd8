import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { concurrencyLimit } from '../../../lib/worker-thread.ts';
import { type EngineStatus, EngineUnavailableError } from '../../engine.ts';
import type { DiarizeRequest, DiarizeResult, DiarizerEngine } from '../diarizer.ts';
import {
  listSpeakerModels,
  SPEAKER_MODELS,
  type SpeakerModelInfo,
  speakerModelFiles,
} from './sherpa-models.ts';
import type { SherpaFound, SherpaJob, SherpaMessage } from './sherpa-worker.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Running the TypeScript source through tsx (development and tests), not the bundled build. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const TSX = FROM_SOURCE ? import.meta.resolve('tsx') : '';

/** Recordings diarized at once; more wait their turn, so speaker detection never takes every core. */
const turn = concurrencyLimit(1);

export interface SherpaDiarizerOptions {
  /** The models folder; the speaker models live in its `sherpa-onnx/` folder. */
  modelsDir: string;
  /** The catalogue (tests bring toy models under other names). Default `SPEAKER_MODELS`. */
  models?: readonly SpeakerModelInfo[];
  /**
   * Clustering threshold when the number of voices is not given: a larger one finds fewer voices.
   * sherpa-onnx's examples use 0.5.
   */
  threshold?: number;
  /** Threads for each model. Default 1: the machine is shared with transcription. */
  numThreads?: number;
}

/**
 * Speaker detection with sherpa-onnx (`OfflineSpeakerDiarization`): pyannote segmentation 3.0
 * finds who speaks when in overlapping 10 s windows, a speaker-embedding model makes a vector of
 * each voice there, and fast clustering groups them, into as many voices as the user said or, when
 * not told, by a distance threshold. It runs in a child process; a failure there (a damaged model
 * file) is reported and the next diarizer takes the recording.
 */
export class SherpaDiarizer implements DiarizerEngine {
  readonly id = 'sherpa';
  readonly kind = 'diarizer' as const;
  readonly name = 'sherpa-onnx speaker models (pyannote segmentation + speaker embeddings)';

  constructor(private readonly options: SherpaDiarizerOptions) {}

  private get models(): readonly SpeakerModelInfo[] {
    return this.options.models ?? SPEAKER_MODELS;
  }

  /** The names of the two models, as results record them. */
  get modelName(): string {
    return this.models.map((m) => m.name).join(' + ');
  }

  async status(): Promise<EngineStatus> {
    if (!addonInstalled())
      return {
        state: 'missing',
        reason: 'The speaker-model engine is not installed on this server',
        detail: 'The npm package sherpa-onnx-node (or its build for this platform) is not installed.',
        hint: 'Run npm install in the server folder.',
      };
    const files = await speakerModelFiles(this.options.modelsDir, this.models);
    if (!files) {
      const names = this.models.map((m) => m.name);
      const listed = await listSpeakerModels(this.options.modelsDir, this.models);
      const missing = listed.find((m) => !m.downloaded) ?? listed[0];
      return {
        state: 'missing',
        reason: 'The speaker models are not downloaded',
        detail: `Needs ${names.join(' and ')} in ${path.join(this.options.modelsDir, 'sherpa-onnx')}.`,
        hint: `Run npm run models -- pull ${names.join(' and ')} (or POST /api/v1/admin/models/<name>/download for each).`,
        // The first one still missing: its download shows here while it runs.
        ...(missing
          ? {
              model: {
                name: missing.name,
                state: 'not_downloaded' as const,
                ...(missing.bytes ? { bytes: missing.bytes } : {}),
              },
            }
          : {}),
      };
    }
    return {
      state: 'ready',
      reason: 'Speaker models (pyannote segmentation and speaker embeddings) find who speaks when',
      detail: `sherpa-onnx with ${files.segmentation} and ${files.embedding}, in a child process.`,
    };
  }

  async diarize(request: DiarizeRequest): Promise<DiarizeResult> {
    request.signal.throwIfAborted();
    const files = await speakerModelFiles(this.options.modelsDir, this.models);
    if (!files)
      throw new EngineUnavailableError('the sherpa-onnx speaker models are not downloaded', {
        userMessage: 'The speaker models are not downloaded.',
      });
    const done = await turn();
    try {
      request.signal.throwIfAborted();
      const job: SherpaJob = {
        wavPath: request.wavPath,
        segmentationModel: files.segmentation,
        embeddingModel: files.embedding,
        speakers: request.speakers,
        threshold: this.options.threshold ?? 0.5,
        numThreads: this.options.numThreads ?? 1,
      };
      const found = await runSherpa(job, request);
      return { ...found, model: this.modelName };
    } finally {
      done();
    }
  }
}

/** Whether sherpa-onnx-node and its native build for this platform can be found. */
function addonInstalled(): boolean {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve('sherpa-onnx-node');
    const platform = `sherpa-onnx-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
    createRequire(main).resolve(`${platform}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function startProcess(): ChildProcess {
  const stdio: ['ignore', 'ignore', 'pipe', 'ipc'] = ['ignore', 'ignore', 'pipe', 'ipc'];
  if (!FROM_SOURCE) return fork(path.join(here, 'sherpa-worker.js'), [], { stdio });
  return fork(path.join(here, 'sherpa-worker.ts'), [], {
    stdio,
    execArgv: ['--import', TSX],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(here, '..', '..', '..', '..', 'tsconfig.json') },
  });
}

/** Runs one job in its own process; what it printed on a crash goes into the error. */
function runSherpa(job: SherpaJob, request: DiarizeRequest): Promise<SherpaFound> {
  const child = startProcess();
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  return new Promise<SherpaFound>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      request.signal.removeEventListener('abort', abort);
      fn();
    };
    const abort = () => {
      child.kill('SIGKILL');
      finish(() => reject(request.signal.reason));
    };
    request.signal.addEventListener('abort', abort, { once: true });
    const failed = (why: string) =>
      new EngineUnavailableError(`sherpa-onnx speaker detection failed: ${why}`, {
        userMessage: 'The speaker models could not be run on this recording.',
      });
    child.on('message', (message: SherpaMessage) => {
      if (message.type === 'loaded') request.onProgress(0.1);
      else if (message.type === 'done') {
        request.onProgress(1);
        finish(() => resolve(message.found));
      } else finish(() => reject(failed(message.message)));
    });
    child.once('error', (err) => finish(() => reject(failed(err.message))));
    child.once('exit', (code, signal) => {
      const said = stderr.trim().split('\n').slice(-3).join(' ').trim();
      finish(() =>
        reject(failed(`the process stopped (${signal ?? `exit code ${code}`})${said ? `: ${said}` : ''}`)),
      );
    });
    child.send(job);
  });
}
