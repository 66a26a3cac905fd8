import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { abortReason } from './abort-signals.ts';
import { dieWithServerPrefix, endWithServer } from './child-lifetime.ts';
import { findExecutable, tail } from './executables.ts';
import { PocketsphinxOutput } from './pocketsphinx-output.ts';
import { watchReadPosition } from './read-position.ts';
import {
  type SpeechEngine,
  type SpeechEngineStatus,
  SpeechEngineUnavailableError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import { planWavPieces, readWavPiece, type WavPiece } from './wav-pieces.ts';

/** Where Debian's `pocketsphinx-en-us` puts the US English model. */
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const BINARY = 'pocketsphinx_continuous';
const INSTALL = 'apt-get install pocketsphinx pocketsphinx-en-us';
/** Target length of the pieces long audio is recognised in. */
const PIECE_S = 30;
/** Audio before a piece that is recognised with it, then dropped. */
const LEAD_S = 3;
/** Niceness of speech work: the API (niceness 0) is served first when both want the CPU. */
const NICENESS = 10;

/** Where to find PocketSphinx; the defaults are Debian's. */
export interface PocketsphinxOptions {
  /** Path of `pocketsphinx_continuous`; default: looked up on PATH. */
  binary?: string | null;
  /** Folder holding `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string;
  /** Pieces recognised at once; default: the number of cores, at most 4. */
  parallel?: number;
  /** Target piece length in seconds (default `PIECE_S`). */
  pieceS?: number;
}

/**
 * CMU PocketSphinx 0.8 (Debian's `pocketsphinx`), run as `pocketsphinx_continuous` on the 16 kHz
 * WAV. Offline and English only; accuracy is modest on real speech but it needs nothing beyond two
 * apt packages, which makes it the engine of last resort and of the test suite.
 *
 * Progress is real: seconds recognised over the file's duration, from the pieces finished and the
 * word end times printed so far (`stdbuf -oL` keeps that output from being held back until exit).
 */
export class PocketsphinxSpeechEngine implements SpeechEngine {
  readonly id = 'pocketsphinx';
  readonly kind = 'speech' as const;
  readonly name = 'CMU PocketSphinx (offline, English)';
  private readonly binary: string | null;
  private readonly modelDir: string;
  private readonly parallel: number;
  private readonly pieceS: number;

  constructor(options: PocketsphinxOptions = {}) {
    this.binary = options.binary === undefined ? findExecutable(BINARY) : options.binary;
    this.modelDir = options.modelDir ?? DEBIAN_MODEL_DIR;
    this.parallel = Math.max(1, options.parallel ?? Math.min(4, availableParallelism()));
    this.pieceS = options.pieceS ?? PIECE_S;
  }

  supports(language: string): boolean {
    return /^en(-|_|$)/i.test(language);
  }

  languages(): readonly string[] {
    return ['en'];
  }

  async status(): Promise<SpeechEngineStatus> {
    if (!this.binary) {
      return {
        state: 'missing',
        reason: 'PocketSphinx is not installed',
        detail: `${BINARY} is not installed`,
        hint: INSTALL,
      };
    }
    if (!existsSync(path.join(this.modelDir, 'en-us'))) {
      return {
        state: 'missing',
        reason: 'The English model for PocketSphinx is not installed',
        detail: `The English model is not in ${this.modelDir}`,
        hint: INSTALL,
      };
    }
    return {
      state: 'ready',
      reason: 'English only, offline',
      detail: 'CMU Sphinx 0.8 with the US English model; English only, offline',
    };
  }

  /**
   * Long audio is cut into pieces of about `PIECE_S` seconds at its quietest moments and the
   * pieces are recognised `parallel` at a time: progress then moves as pieces finish (PocketSphinx
   * itself prints only at pauses, which flowing speech may not have), and a multi-core machine
   * finishes sooner. Each piece is decoded on its own, so words are only cut where it is quiet.
   */
  async transcribe(request: SpeechRequest): Promise<SpeechResult> {
    const { binary } = this;
    if (!binary)
      throw new SpeechEngineUnavailableError(`PocketSphinx is not installed (${INSTALL}).`, {
        userMessage: 'PocketSphinx is not installed on this server.',
      });
    const { info, pieces } = await planWavPieces(request.wavPath, {
      maxFileBytes: Number.MAX_SAFE_INTEGER,
      maxSeconds: this.pieceS,
    });
    const heard = new Array<ReturnType<PocketsphinxOutput['result']>>(pieces.length);
    const done = new Array<number>(pieces.length).fill(0);
    const total = Math.max(request.durationS, info.durationS) || 1;
    let reported = 0;
    const report = () => {
      const fraction = Math.min(0.99, done.reduce((a, b) => a + b, 0) / total);
      if (fraction > reported) {
        reported = fraction;
        request.onProgress(fraction);
      }
    };
    // One failing piece stops the others.
    const controller = new AbortController();
    const signal = AbortSignal.any([request.signal, controller.signal]);
    let next = 0;
    const worker = async () => {
      while (next < pieces.length && !signal.aborted) {
        const index = next++;
        const piece = pieces[index] as WavPiece;
        const file = pieces.length === 1 ? request.wavPath : `${request.wavPath}.piece-${index}.wav`;
        try {
          // Each piece after the first also gets the seconds before it, so that the recogniser's
          // running normalisation has settled when the piece's own words begin.
          const lead = index === 0 ? 0 : Math.min(LEAD_S, piece.startS);
          const bytes = Math.round(lead * info.sampleRate) * info.blockAlign;
          const heardPiece = { ...piece, offset: piece.offset - bytes, bytes: piece.bytes + bytes };
          if (pieces.length > 1) await writeFile(file, await readWavPiece(request.wavPath, info, heardPiece));
          const output = new PocketsphinxOutput(piece.startS - lead, piece.startS);
          const layout = {
            dataOffset: pieces.length > 1 ? 44 : info.dataOffset,
            bytesPerSecond: info.sampleRate * info.blockAlign,
            startS: piece.startS - lead,
          };
          heard[index] = await this.recognise(binary, file, layout, output, signal, (until) => {
            const s = Math.max(0, Math.min(piece.durationS, until - piece.startS));
            done[index] = Math.max(done[index] ?? 0, s);
            report();
          });
          done[index] = piece.durationS;
          report();
        } finally {
          if (pieces.length > 1) await rm(file, { force: true });
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.parallel, pieces.length) }, worker));
    } catch (err) {
      controller.abort(err);
      throw request.signal.aborted ? abortReason(request.signal) : err;
    }
    request.onProgress(1);
    const words = heard.reduce((n, h) => n + h.words, 0);
    const confidence = words
      ? Math.round((heard.reduce((sum, h) => sum + (h.confidence ?? 0) * h.words, 0) / words) * 1000) / 1000
      : null;
    return {
      text: heard
        .map((h) => h.text)
        .filter(Boolean)
        .join(' '),
      segments: heard.flatMap((h) => h.segments),
      confidence,
      language: request.language,
      model: 'cmusphinx-en-us',
    };
  }

  /** Runs PocketSphinx on one WAV file; `onHeard` gets the seconds heard so far, offset included. */
  private recognise(
    binary: string,
    wavPath: string,
    layout: { dataOffset: number; bytesPerSecond: number; startS: number },
    output: PocketsphinxOutput,
    signal: AbortSignal,
    onHeard: (untilS: number) => void,
  ): Promise<ReturnType<PocketsphinxOutput['result']>> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortReason(signal));
      const args = ['-infile', wavPath, '-logfn', '/dev/null', '-time', 'yes', ...this.modelArgs()];
      const command = [...lowPriority(), binary, ...args];
      const child = endWithServer(
        spawn(command[0] as string, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] }),
      );
      // PocketSphinx prints only at the end of an utterance, and flowing speech may be one long
      // utterance: how far it has read into the file tells how much it has heard meanwhile.
      const reading =
        child.pid === undefined
          ? undefined
          : watchReadPosition(child.pid, wavPath, (position) => {
              const read = position - layout.dataOffset;
              if (read > 0) onHeard(layout.startS + read / layout.bytesPerSecond);
            });
      let stderr = '';
      const onAbort = () => child.kill('SIGKILL');
      signal.addEventListener('abort', onAbort, { once: true });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-4096);
      });
      createInterface({ input: child.stdout }).on('line', (line) => {
        const heardUntil = output.addLine(line);
        if (heardUntil !== null) onHeard(heardUntil);
      });
      child.on('error', (err) => {
        reading?.stop();
        signal.removeEventListener('abort', onAbort);
        reject(
          new SpeechEngineUnavailableError(`PocketSphinx could not be started: ${err.message}`, {
            cause: err,
            userMessage: 'PocketSphinx could not be started on this server.',
          }),
        );
      });
      child.on('close', (code, killedBy) => {
        reading?.stop();
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) return reject(abortReason(signal));
        if (code !== 0) {
          const how = killedBy ? `was stopped by ${killedBy}` : `stopped with exit code ${code}`;
          return reject(
            new SpeechEngineUnavailableError(`PocketSphinx ${how}: ${tail(stderr) || 'no message'}`, {
              userMessage: 'PocketSphinx stopped unexpectedly.',
            }),
          );
        }
        resolve(output.result());
      });
    });
  }

  /** Explicit model paths when the model folder is complete (else the binary's built-in default). */
  private modelArgs(): string[] {
    const hmm = path.join(this.modelDir, 'en-us');
    const lm = path.join(this.modelDir, 'en-us.lm.bin');
    const dict = path.join(this.modelDir, 'cmudict-en-us.dict');
    return [hmm, lm, dict].every((p) => existsSync(p)) ? ['-hmm', hmm, '-lm', lm, '-dict', dict] : [];
  }
}

/**
 * The command prefix that runs a program at lower CPU priority (so that the API is served first),
 * with line-buffered output (`stdbuf -oL` keeps PocketSphinx's lines from being held back until it
 * exits), and killed should the server die (see `dieWithServerPrefix`).
 */
function lowPriority(): string[] {
  const nice = findExecutable('nice');
  const stdbuf = findExecutable('stdbuf');
  return [
    ...dieWithServerPrefix(),
    ...(nice ? [nice, '-n', String(NICENESS)] : []),
    ...(stdbuf ? [stdbuf, '-oL'] : []),
  ];
}
