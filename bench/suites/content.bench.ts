/**
 * Writing content offline, against the two targets:
 * - the built-in composer on a five-minute recording (~750 words, blocks of the four test
 *   transcripts taken in turn): loading wink-nlp's English model (once per process), the first
 *   piece after it (cold code), then milliseconds median / 95th percentile over 30 runs, as
 *   PocketSphinx and as whisper.cpp would give the speech, for every content type; the transcript
 *   panel's shaping; and a half-hour recording (4,500 words), to see how the cost grows.
 *   Target: composing a five-minute transcript ≤ 200 ms.
 * - a five-minute recording (flite `kal16` speech, cached in bench/results/) through the real
 *   server with no language model and no network (API and worker in one process, as `npm start`
 *   runs it): upload, PocketSphinx transcript, blog post by the built-in composer, as a user waits.
 *   Target: upload to blog post ≤ 60 s on 2 cores. The server's CPU seconds (with its ffmpeg and
 *   PocketSphinx children) divided by the cores is printed too: the wall on an idle machine at best,
 *   since speech runs at a low priority and waits whenever other work wants the cores.
 */

import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  type Segment,
  zAudio,
  zContent,
  zEnhanceResponse,
  zFileUploadResponse,
  zTranscription,
} from '@voxpress/contracts';
import { makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import { readWavInfo } from '../../apps/server/src/engines/speech/wav-file.ts';
import { composeContent } from '../../apps/server/src/engines/writer/composer/compose.ts';
import {
  CONTENT_TYPES,
  type ContentType,
} from '../../apps/server/src/engines/writer/composer/composed-content.schema.ts';
import { BuiltInComposer } from '../../apps/server/src/engines/writer/composer/composer.writer.ts';
import { HOWTO_TRANSCRIPT } from '../../apps/server/src/engines/writer/composer/fixtures/howto-transcript.fixture.ts';
import { MEETING_TRANSCRIPT } from '../../apps/server/src/engines/writer/composer/fixtures/meeting-transcript.fixture.ts';
import { MONOLOGUE_TRANSCRIPT } from '../../apps/server/src/engines/writer/composer/fixtures/monologue-transcript.fixture.ts';
import { RECIPE_TRANSCRIPT } from '../../apps/server/src/engines/writer/composer/fixtures/recipe-transcript.fixture.ts';
import {
  pocketsphinxSegments,
  type SpokenTranscript,
  whisperSegments,
} from '../../apps/server/src/engines/writer/composer/fixtures/spoken-transcript.fixture.ts';
import { shapeTranscript } from '../../apps/server/src/engines/writer/composer/shape-transcript.ts';
import { FIVE_MINUTES_OF_SPEECH } from '../lib/five-minutes-of-speech.ts';
import { cpuSeconds } from '../lib/proc-cpu.ts';
import { registerUser, startServer } from '../lib/voxpress-server.ts';

const TARGET_WORDS = 750;
const RUNS = 30;
const LONG_WORDS = 4500;
const COMPOSE_TARGET_MS = 200;
const PIPELINE_TARGET_S = 60;
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

/** About five minutes of speech: paragraphs of the four transcripts in turn, up to ~750 words. */
function fiveMinutes(): SpokenTranscript {
  return recording(TARGET_WORDS);
}

/** Paragraphs of the four transcripts in turn (again from the start when used up) up to `target` words. */
function recording(target: number): SpokenTranscript {
  const sources = [MONOLOGUE_TRANSCRIPT, MEETING_TRANSCRIPT, HOWTO_TRANSCRIPT, RECIPE_TRANSCRIPT].map((t) =>
    t.script.trim().split(/\n\s*\n/),
  );
  const blocks: string[] = [];
  let words = 0;
  const longest = Math.max(...sources.map((s) => s.length));
  for (let i = 0; words < target; i++) {
    const round = Math.floor(i / sources.length) % longest;
    const block = sources[i % sources.length]?.[round];
    if (block === undefined) continue;
    blocks.push(block);
    words += block.split(/\s+/).filter((w) => w && w !== '|').length;
  }
  return { name: 'five minutes', script: blocks.join('\n\n') };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Milliseconds of `run` over RUNS runs after one warm-up: median and 95th percentile. */
function measure(run: () => unknown): { p50: number; p95: number } {
  run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

function time(run: () => unknown): string {
  const { p50, p95 } = measure(run);
  return `${p50.toFixed(1)} / ${p95.toFixed(1)}`;
}

/** A figure beside its target: `41.2 · target ≤ 200 · met`. */
function againstTarget(value: number, target: number, digits: number): string {
  return `${value.toFixed(digits)} · target ≤ ${target} · ${value <= target ? 'met' : 'MISSED'}`;
}

type Results = Record<string, string | number>;

export async function contentBenchmark(): Promise<Results> {
  const composer = composerBenchmark();
  const pipeline = await offlinePipeline();
  return {
    ...composer.results,
    ...pipeline.results,
    'machine: cores, load average (1 min) at start': `${availableParallelism()}, ${pipeline.load.toFixed(2)}`,
    'TARGET compose 5-min transcript, p95 (ms)': againstTarget(composer.p95, COMPOSE_TARGET_MS, 1),
    'TARGET upload → blog post, 5-min recording (s)': againstTarget(pipeline.wallS, PIPELINE_TARGET_S, 1),
  };
}

function composerBenchmark(): { results: Results; p95: number } {
  const transcript = fiveMinutes();
  const heard = pocketsphinxSegments(transcript);
  const written = whisperSegments(transcript);
  const compose = (segments: Segment[], type?: ContentType) => () =>
    composeContent({ segments, language: 'en', content_type: type });
  let started = performance.now();
  new BuiltInComposer().warmUp();
  const load = performance.now() - started;
  started = performance.now();
  compose(heard)();
  const first = performance.now() - started;
  const composed = measure(compose(heard));
  const results: Results = {
    words: heard.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0),
    'recording (min:s)': `${Math.floor((heard.at(-1)?.end ?? 0) / 60)}:${String(Math.round((heard.at(-1)?.end ?? 0) % 60)).padStart(2, '0')}`,
    'PocketSphinx segments': heard.length,
    'English model load, once per process (ms)': load.toFixed(1),
    'first compose after it (ms)': first.toFixed(1),
    'compose, PocketSphinx, ms p50 / p95': `${composed.p50.toFixed(1)} / ${composed.p95.toFixed(1)}`,
    'compose, whisper.cpp, ms p50 / p95': time(compose(written)),
  };
  for (const type of CONTENT_TYPES) results[`  ${type}, ms p50 / p95`] = time(compose(heard, type));
  results['shape transcript, ms p50 / p95'] = time(() => shapeTranscript(heard, 'en'));
  const long = pocketsphinxSegments(recording(LONG_WORDS));
  results[`compose ${LONG_WORDS} words (~30 min), ms p50 / p95`] = time(compose(long));
  return { results, p95: composed.p95 };
}

/**
 * Upload → transcript → blog post for five minutes of speech on a fresh server, timed from the
 * upload request to the piece's `completed`; each stage is followed by polling every 100 ms.
 */
async function offlinePipeline(): Promise<{ results: Results; wallS: number; load: number }> {
  const wav = await makeSpeechWav(FIVE_MINUTES_OF_SPEECH, RESULTS);
  const { durationS } = await readWavInfo(wav);
  const bytes = await readFile(wav);
  const load = loadavg()[0] ?? 0;
  // Only PATH and HOME reach the server: no language model, no translation service.
  const server = await startServer({ VOXPRESS_ROLES: 'api,worker', OLLAMA_DISCOVERY: 'false' });
  try {
    const token = await registerUser(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const get = async <T>(path: string, schema: { parse(value: unknown): T }): Promise<T> => {
      const res = await fetch(`${server.url}/api/v1${path}`, { headers });
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
      return schema.parse(await res.json());
    };
    const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, failed: (v: T) => boolean) => {
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        if (failed(value)) throw new Error(`failed: ${JSON.stringify(value).slice(0, 500)}`);
        await sleep(100);
      }
    };

    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    const form = new FormData();
    form.set('title', 'Five minutes');
    form.set('language', 'en-US');
    form.set('file', new Blob([bytes], { type: 'audio/wav' }), 'five-minutes.wav');
    const up = await fetch(`${server.url}/api/v1/files/upload/audio`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
    const audioId = zFileUploadResponse.parse(await up.json()).data.id;
    const uploaded = performance.now();

    const heard = await until(
      () => get(`/audio/${audioId}`, zAudio),
      (a) => a.status === 'completed' && a.transcription_id !== null,
      (a) => a.status === 'failed',
    );
    const transcribed = performance.now();

    const enhance = await fetch(`${server.url}/api/v1/content/enhance`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        transcription_id: heard.transcription_id,
        content_type: 'blog_post',
        language: ['en'],
      }),
    });
    if (enhance.status !== 202)
      throw new Error(`enhance answered ${enhance.status}: ${await enhance.text()}`);
    const contentId = zEnhanceResponse.parse(await enhance.json()).data.content_id;
    const piece = await until(
      () => get(`/content/${contentId}`, zContent),
      (c) => c.status === 'completed',
      (c) => c.status === 'failed',
    );
    const written = performance.now();
    const cpu = cpuSeconds(server.pid) - cpuBefore;

    const transcript = await get(`/audio/${audioId}/transcription`, zTranscription);
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const wallS = (written - started) / 1000;
    return {
      wallS,
      load,
      results: {
        'pipeline: recording (s)': durationS.toFixed(1),
        'pipeline: upload answered (s)': s(uploaded - started),
        'pipeline: then transcript ready (s)': s(transcribed - uploaded),
        'pipeline: then blog post completed (s)': s(written - transcribed),
        'pipeline: upload → blog post, wall (s)': s(written - started),
        'pipeline: server CPU, with its children (s)': cpu.toFixed(1),
        [`pipeline: CPU / ${availableParallelism()} cores, idle-machine floor (s)`]: (
          cpu / availableParallelism()
        ).toFixed(1),
        'pipeline: speech engine, WER': `${transcript.provider}, ${(wordErrorRate(FIVE_MINUTES_OF_SPEECH, transcript.text) * 100).toFixed(1)} %`,
        'pipeline: writer, words written': `${piece.metadata.service_used ?? '—'}, ${piece.metadata.word_count}`,
      },
    };
  } finally {
    await server.stop();
  }
}
