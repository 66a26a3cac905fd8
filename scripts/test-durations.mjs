// `npm run test:durations`: keeps how long each test file took in the last `npm test` (its JSON
// reports) in scripts/test-durations.json, which orders the files of a run on a fresh clone (see
// scripts/test-order.ts). Run it after a whole, green `npm test` when files were added or got slower;
// a stage without a report keeps the figures it had, and files that no longer exist go.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const reports = path.join(root, 'node_modules', '.cache', 'voxpress-test');
const kept = path.join(root, 'scripts', 'test-durations.json');
const durations = existsSync(kept) ? JSON.parse(readFileSync(kept, 'utf8')) : {};
for (const file of Object.keys(durations)) if (!existsSync(path.join(root, file))) delete durations[file];
const found = ['unit', 'e2e'].map((name) => path.join(reports, `${name}.json`)).filter(existsSync);
if (found.length === 0) throw new Error(`No test report in ${reports}: run npm test first`);
for (const file of found) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const result of report.testResults) {
    const key = path.relative(root, result.name).split(path.sep).join('/');
    durations[key] = Math.round((result.endTime - result.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(kept, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`Kept the durations of ${Object.keys(sorted).length} test files in scripts/test-durations.json`);
