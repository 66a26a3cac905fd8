// `npm test`: lint, typecheck, unit + integration tests, then end-to-end tests in Chromium. Stops at
// the first failing stage and ends with one summary line over every test run.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { npm, root, run } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();

const reports = path.join(root, 'node_modules', '.cache', 'voxpress-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

const stages = [
  ['lint', () => run(npm, ['run', 'lint'])],
  ['typecheck', () => run(npm, ['run', 'typecheck'])],
  [
    'unit and integration',
    () => runVitest('unit', ['--project', 'contracts', '--project', 'server', '--project', 'web']),
  ],
  ['end-to-end', () => runVitest('e2e', ['--project', 'e2e'])],
];

function runVitest(name, args) {
  const out = path.join(reports, `${name}.json`);
  return run(process.execPath, [
    vitest,
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
}

function totals() {
  const sum = { passed: 0, failed: 0, skipped: 0 };
  for (const name of ['unit', 'e2e']) {
    const file = path.join(reports, `${name}.json`);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    sum.passed += r.numPassedTests;
    sum.failed += r.numFailedTests;
    sum.skipped += r.numPendingTests + r.numTodoTests;
  }
  return sum;
}

// The suite builds what it serves into folders of its own: the web app `npm start` serves must be
// the one `npm start` built, never one a test run left behind from a work in progress.
const servedWeb = path.join(root, 'apps', 'web', 'dist', 'index.html');
const servedWebStamp = () => (existsSync(servedWeb) ? statSync(servedWeb).mtimeMs : 0);
const servedWebBefore = servedWebStamp();

const started = Date.now();
let failedStage;
for (const [label, stage] of stages) {
  console.log(`\n▶ ${label}`);
  try {
    await stage();
  } catch (err) {
    failedStage = label;
    console.error(`\n✖ ${label} failed: ${err.message}`);
    break;
  }
}
if (servedWebStamp() !== servedWebBefore) {
  failedStage ??= 'served build untouched';
  console.error(
    '\n✖ the test run rebuilt apps/web/dist, which `npm start` serves; tests must build elsewhere',
  );
}
const t = totals();
console.log(
  `\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s${failedStage ? `; stage "${failedStage}" failed` : ''}`,
);
console.log(`Tests: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`);
process.exit(failedStage || t.failed > 0 ? 1 : 0);
