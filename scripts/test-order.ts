// The order test files start in: the longest first, so that two workers finish together instead of
// one running a long file alone at the end. Vitest orders by the durations it cached on this machine;
// a fresh clone (CI) has none, so the durations of a whole run are kept in test-durations.json
// (`npm run test:durations` after `npm test` writes them) and used for the files Vitest has no
// figure for. A file in neither starts first, as Vitest does with files it has not seen.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Seconds per test file (its path from the root), from the last recorded run. */
function recordedDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(path.join(root, 'scripts', 'test-durations.json'), 'utf8'));
  } catch {
    return {};
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const file = (spec: TestSpecification) => path.relative(root, spec.moduleId).split(path.sep).join('/');
    const seconds = (spec: TestSpecification) => {
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file(spec)}`);
      return cached ? cached.duration / 1000 : (recorded[file(spec)] ?? Number.POSITIVE_INFINITY);
    };
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
