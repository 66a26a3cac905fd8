/**
 * The built-in composer on a five-minute recording (~750 words, blocks of the four test
 * transcripts taken in turn): loading wink-nlp's English model (once per process), the first
 * piece after it (cold code), then milliseconds median / 95th percentile over 30 runs, as PocketSphinx and as
 * whisper.cpp would give the speech, for every content type; the transcript panel's shaping; and
 * a half-hour recording (4,500 words), to see how the cost grows.
 * Target: composing ≤ 200 ms.
 */
import type { Segment } from '@voxpress/contracts';
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

const TARGET_WORDS = 750;
const RUNS = 30;
const LONG_WORDS = 4500;

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

function time(run: () => unknown): string {
  run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    ms.push(performance.now() - started);
  }
  return `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 95).toFixed(1)}`;
}

export async function contentBenchmark(): Promise<Record<string, string | number>> {
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
  const results: Record<string, string | number> = {
    words: heard.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0),
    'recording (min:s)': `${Math.floor((heard.at(-1)?.end ?? 0) / 60)}:${String(Math.round((heard.at(-1)?.end ?? 0) % 60)).padStart(2, '0')}`,
    'PocketSphinx segments': heard.length,
    'English model load, once per process (ms)': load.toFixed(1),
    'first compose after it (ms)': first.toFixed(1),
    'compose, PocketSphinx, ms p50 / p95': time(compose(heard)),
    'compose, whisper.cpp, ms p50 / p95': time(compose(written)),
  };
  for (const type of CONTENT_TYPES) results[`  ${type}, ms p50 / p95`] = time(compose(heard, type));
  results['shape transcript, ms p50 / p95'] = time(() => shapeTranscript(heard, 'en'));
  const long = pocketsphinxSegments(recording(LONG_WORDS));
  results[`compose ${LONG_WORDS} words (~30 min), ms p50 / p95`] = time(compose(long));
  return results;
}
