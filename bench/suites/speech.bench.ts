/**
 * Real-time factor, accuracy and peak memory of each speech engine that is available here without
 * downloading anything, on about 5 minutes of flite `kal16` speech (cached in bench/results/);
 * also ffmpeg's decode time of the same recording as MP3, and PocketSphinx one piece at a time
 * against its default parallelism and against one `pocketsphinx_continuous` over the whole file
 * (what the engine did before it cut audio into pieces). MB here is 2^20 bytes.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeAudioFile, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { findExecutable } from '../../apps/server/src/engines/speech/executables.ts';
import { decodeToWav } from '../../apps/server/src/engines/speech/ffmpeg.ts';
import { OpenAiCompatibleSpeechEngine } from '../../apps/server/src/engines/speech/openai-compatible.speech.ts';
import {
  DEBIAN_MODEL_DIR,
  PocketsphinxSpeechEngine,
} from '../../apps/server/src/engines/speech/pocketsphinx.speech.ts';
import type { SpeechEngine } from '../../apps/server/src/engines/speech/speech-engine.ts';
import { silentLogger } from '../../apps/server/src/engines/speech/speech-logger.ts';
import { readWavInfo } from '../../apps/server/src/engines/speech/wav-file.ts';
import { WhisperCppSpeechEngine } from '../../apps/server/src/engines/speech/whisper-cpp.speech.ts';
import { FIVE_MINUTES_OF_SPEECH } from '../lib/five-minutes-of-speech.ts';
import { childrenNamed, ownPeakMb, sampleRss } from '../lib/proc-memory.ts';
import { REPO_ROOT } from '../lib/voxpress-server.ts';

const run = promisify(execFile);
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

type Results = Record<string, string | number>;

export async function speechBenchmark(): Promise<Results> {
  const cached = await makeSpeechWav(FIVE_MINUTES_OF_SPEECH, RESULTS);
  const mp3 = await makeAudioFile(FIVE_MINUTES_OF_SPEECH, 'mp3', RESULTS);
  const work = await mkdtemp(path.join(tmpdir(), 'voxpress-bench-speech-'));
  try {
    // PocketSphinx writes its pieces beside the WAV: keep them out of bench/results.
    const wav = path.join(work, 'speech.wav');
    await copyFile(cached, wav);
    const { durationS } = await readWavInfo(wav);
    const results: Results = { 'recording (s)': durationS.toFixed(1) };

    const decodeStarted = performance.now();
    await decodeToWav(mp3, path.join(work, 'decoded.wav'));
    const decodeS = (performance.now() - decodeStarted) / 1000;
    results['ffmpeg: decode MP3 to 16 kHz WAV (s)'] =
      `${decodeS.toFixed(2)} (${(durationS / decodeS).toFixed(0)}× real time)`;

    const speech = loadConfig({
      ...process.env,
      VOXPRESS_DATA_DIR: process.env.VOXPRESS_DATA_DIR ?? path.join(REPO_ROOT, 'data'),
      // loadConfig would otherwise create a secret file in the data folder.
      VOXPRESS_SECRET: randomBytes(36).toString('base64url'),
    }).speech;
    const parallel = Math.min(4, availableParallelism());
    const whisper = new WhisperCppSpeechEngine({ ...speech.whisper, autoDownload: false }, silentLogger);
    const engines: Array<{ label: string; engine: SpeechEngine; memory: Memory }> = [
      { label: 'whisper', engine: whisper, memory: 'in-process' },
      {
        label: 'openai',
        engine: new OpenAiCompatibleSpeechEngine(speech.openai, silentLogger),
        memory: 'in-process',
      },
      { label: `pocketsphinx ×${parallel}`, engine: new PocketsphinxSpeechEngine(), memory: 'children' },
      { label: 'pocketsphinx ×1', engine: new PocketsphinxSpeechEngine({ parallel: 1 }), memory: 'children' },
    ];
    const walls = new Map<string, number>();
    const report = (label: string, run: Run, memory: Memory) => {
      walls.set(label, run.wallS);
      results[`${label}: wall (s)`] = run.wallS.toFixed(1);
      results[`${label}: RTF (wall / audio)`] = (run.wallS / durationS).toFixed(3);
      results[`${label}: WER`] = `${(wordErrorRate(FIVE_MINUTES_OF_SPEECH, run.text) * 100).toFixed(1)} %`;
      results[`${label}: ${MEMORY_LABEL[memory]}`] = run.peakMb.toFixed(0);
    };
    try {
      for (const { label, engine, memory } of engines) {
        const status = await engine.status();
        if (status.state !== 'ready') {
          results[label] = `not available (${status.detail}); to enable: ${status.hint ?? '—'}`;
          continue;
        }
        // An engine that fails (a damaged model, a server that is down) is reported, not fatal.
        const run = await measure(memory, () => transcribe(engine, wav, durationS)).catch((err: unknown) => {
          results[label] = `failed: ${err instanceof Error ? err.message : String(err)}`;
          return null;
        });
        if (run) report(label, run, memory);
      }
    } finally {
      await whisper.close();
    }
    const binary = findExecutable('pocketsphinx_continuous');
    if (binary && (await new PocketsphinxSpeechEngine().status()).state === 'ready') {
      report('pocketsphinx unsplit', await measure('children', () => wholeFile(binary, wav)), 'children');
    }
    const fastest = walls.get(`pocketsphinx ×${parallel}`);
    for (const other of ['×1', 'unsplit']) {
      const wall = walls.get(`pocketsphinx ${other}`);
      if (fastest && wall)
        results[`pocketsphinx ×${parallel}: speed-up over ${other}`] = `${(wall / fastest).toFixed(2)}×`;
    }
    return results;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Where an engine's memory is: in this process, or in `pocketsphinx_continuous` children. */
type Memory = 'in-process' | 'children';

const MEMORY_LABEL: Record<Memory, string> = {
  'in-process': 'own peak RSS growth (MB)',
  children: 'peak RSS, summed (MB)',
};

/** What one transcription took. */
interface Run {
  wallS: number;
  text: string;
  peakMb: number;
}

/**
 * Times `work` and measures its memory: the summed resident size of the `pocketsphinx_continuous`
 * children (sampled every 100 ms), or the growth of this process's peak (`maxRSS`).
 */
async function measure(memory: Memory, work: () => Promise<string>): Promise<Run> {
  const sampler = memory === 'children' ? sampleRss(() => childrenNamed('pocketsphinx_continuous')) : null;
  const peakBefore = ownPeakMb();
  const started = performance.now();
  try {
    const text = await work();
    const wallS = (performance.now() - started) / 1000;
    return { wallS, text, peakMb: sampler ? sampler.stop() : ownPeakMb() - peakBefore };
  } finally {
    sampler?.stop();
  }
}

/** The whole recording through one engine; answers the text. */
async function transcribe(engine: SpeechEngine, wavPath: string, durationS: number): Promise<string> {
  const result = await engine.transcribe({
    wavPath,
    durationS,
    language: 'en-US',
    signal: new AbortController().signal,
    onProgress: () => {},
  });
  return result.text;
}

/** `pocketsphinx_continuous` on the whole file in one process, with the engine's model. */
async function wholeFile(binary: string, wavPath: string): Promise<string> {
  const model = DEBIAN_MODEL_DIR;
  const { stdout } = await run(binary, [
    '-infile',
    wavPath,
    '-logfn',
    '/dev/null',
    ...['-hmm', path.join(model, 'en-us'), '-lm', path.join(model, 'en-us.lm.bin')],
    ...['-dict', path.join(model, 'cmudict-en-us.dict')],
  ]);
  return stdout;
}
