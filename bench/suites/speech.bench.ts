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
import {
  FIXTURE_PARAGRAPH,
  FIXTURE_PARAGRAPH_2,
  makeAudioFile,
  makeSpeechWav,
} from '../../apps/server/test/speech-fixtures.ts';
import { wordErrorRate } from '../../apps/server/test/wer.ts';
import { childrenNamed, ownPeakMb, sampleRss } from '../lib/proc-memory.ts';
import { REPO_ROOT } from '../lib/voxpress-server.ts';

const run = promisify(execFile);
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

/** About 5 minutes (1020 words) of everyday English as flite's `kal16` voice speaks it. */
const SPEECH_TEXT = [
  FIXTURE_PARAGRAPH,
  FIXTURE_PARAGRAPH_2,
  'Last weekend we drove to the coast with the children. The weather was cold in the morning, but the sun came out after lunch and we walked along the beach for two hours. We found shells, watched the boats in the harbour, and ate fish and chips on a bench near the old lighthouse. On the way home everyone fell asleep in the car except me.',
  'Our garden needs a lot of work this spring. The grass is too long, the roses have not been cut back, and something has been eating the lettuce every night. My neighbour thinks it is a family of rabbits that lives under the fence. I will buy some wire next week and try to keep them out without hurting them.',
  'The new library opened in the centre of town last month. It has a quiet room for reading, a large section for children, and a small cafe on the ground floor. You can borrow books, films and music for three weeks, and you can renew them online if you need more time. I went there on Tuesday evening and it was already busy.',
  'When you cook rice, rinse it in cold water first until the water runs clear. Use one cup of rice and two cups of water, bring it to the boil, then turn the heat down low and cover the pan. Leave it alone for about fifteen minutes. Do not lift the lid to check it. When it is ready, let it rest for a few minutes before you serve it.',
  'I would like to thank the whole team for their hard work this year. We moved to a new office, hired four new people, and still delivered every project on time. Our customers have told us that they are happy with the service and that they will keep working with us. Next year we hope to grow again, and I am sure we can do it together.',
  'Learning a new language takes patience. Try to practise a little every day instead of studying for hours once a week. Listen to the radio, watch films with subtitles, and do not be afraid to make mistakes when you speak. Most people are glad that you are trying, and they will help you when you get stuck.',
  'The train to the city was late again this morning. There was a problem with the signals near the station, and we waited outside the tunnel for almost half an hour. Nobody told us what was happening until the very end. I missed the start of my meeting, so I will ask my manager if I can work from home on Thursday.',
  'Before you go to bed, turn off the lights in the kitchen and make sure the back door is locked. The cat should be inside by then; if she is not, leave the window in the laundry room open a little so she can come in. Her food is in the cupboard next to the fridge. Thank you for looking after the house while we are away.',
  'My brother has started running in the park before work. At first he could only run for ten minutes without stopping, but after a few weeks he was running for half an hour. He says it helps him sleep better and that he feels less tired in the afternoon. He wants me to join him, but I prefer to ride my bicycle.',
  'The doctor said that my mother is doing well after her operation. She has to stay in the hospital for another two days, and then she can come home if she keeps walking a little every day. We will move her bed downstairs so that she does not have to climb the stairs. My sister will stay with her for the first week.',
  'Please remember that the office will be closed on Monday for the public holiday. If you need to send anything to a customer, do it before Friday afternoon. The cleaners will come on Tuesday morning, so clear your desks and take any food out of the fridge before you leave. Have a good long weekend, and see you all on Tuesday.',
  'We are planning a small party for my father, who is going to retire at the end of the summer. He has worked at the same company for almost forty years. We want to invite his friends from work, some of our neighbours and the whole family. If you have any old photographs of him, please bring them along so we can put them on the wall.',
  'The weather forecast says that it will rain for most of the week, with strong winds on the coast. Drivers should take care on the roads and leave more time for their journeys. The rain should clear by Sunday, when it will be dry and bright, although still quite cool for the time of year. Next week looks warmer, with sunshine in the south.',
  'Thank you for calling the support line. If you cannot sign in to your account, first check that you are using the right email address. Then try to reset your password from the sign in page. You will receive a message with a link that works for one hour. If you still have a problem after that, write to us and we will answer within one working day.',
  'That is all for today. Thank you for listening, and I will send the notes from this session to everyone by email this afternoon.',
].join('\n\n');

type Results = Record<string, string | number>;

export async function speechBenchmark(): Promise<Results> {
  const cached = await makeSpeechWav(SPEECH_TEXT, RESULTS);
  const mp3 = await makeAudioFile(SPEECH_TEXT, 'mp3', RESULTS);
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
      results[`${label}: WER`] = `${(wordErrorRate(SPEECH_TEXT, run.text) * 100).toFixed(1)} %`;
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
