// CI's dependency audit: fails on a high or critical advisory in what production installs
// (`npm audit --omit=dev --audit-level=high`). When the advisory service cannot be reached, it says
// so and lets the run go on: an unreachable service is not a finding.
import { spawnSync } from 'node:child_process';
import { npm, root } from './lib.mjs';

const result = spawnSync(npm, ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: root,
  encoding: 'utf8',
});
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error(`npm audit printed no report:\n${result.stdout}\n${result.stderr}`);
  process.exit(1);
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message ?? report.error?.summary ?? 'no answer';
  console.log(`npm audit: the advisory service could not be reached (${why}); audit skipped.`);
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  if (v.severity === 'high' || v.severity === 'critical')
    console.error(`  ${v.severity}: ${name} (${v.range})`);
}
console.log(
  `npm audit: ${serious} high or critical, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low in production dependencies.`,
);
process.exit(serious > 0 ? 1 : 0);
