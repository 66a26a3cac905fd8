/**
 * Benchmarks, printing numbers (`npm run bench`). Each benchmark is a function in ./suites that
 * returns named measurements; pass names to run a subset: `npm run bench -- queue`.
 */
import { apiBenchmark } from './suites/api.bench.ts';
import { contentBenchmark } from './suites/content.bench.ts';
import { infographicsBenchmark } from './suites/infographics.bench.ts';
import { libraryBenchmark } from './suites/library.bench.ts';
import { memoryBenchmark } from './suites/memory.bench.ts';
import { queueBenchmark } from './suites/queue.bench.ts';
import { renderBenchmark } from './suites/render.bench.ts';
import { scaleBenchmark } from './suites/scale.bench.ts';
import { speakersBenchmark } from './suites/speakers.bench.ts';
import { speechBenchmark } from './suites/speech.bench.ts';
import { uploadBenchmark } from './suites/upload.bench.ts';
import { writerBenchmark } from './suites/writer.bench.ts';

const suites: Record<string, () => Promise<Record<string, string | number>>> = {
  queue: queueBenchmark,
  upload: uploadBenchmark,
  speech: speechBenchmark,
  speakers: speakersBenchmark,
  library: libraryBenchmark,
  content: contentBenchmark,
  api: apiBenchmark,
  render: renderBenchmark,
  infographics: infographicsBenchmark,
  scale: scaleBenchmark,
  writer: writerBenchmark,
  memory: memoryBenchmark,
};

const wanted = process.argv.slice(2);
for (const [name, suite] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const results = await suite();
  console.log(`\n${name}`);
  for (const [label, value] of Object.entries(results)) console.log(`  ${label.padEnd(40)} ${value}`);
}
