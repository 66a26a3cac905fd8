import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiTypes, SCHEMA_FILE } from '../../../scripts/api-types.ts';

// The web app's request and response types come from the server's API document. A route or a field
// changed on the server without `npm run api:types -w @voxpress/web` leaves the committed types
// describing an API that no longer exists: this test is what makes that fail.

function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] !== right[i]) {
      return `line ${i + 1}: committed ${JSON.stringify(left[i] ?? '<end>')}, generated ${JSON.stringify(right[i] ?? '<end>')}`;
    }
  }
  return 'none';
}

describe('the generated API types', () => {
  // Reading and converting the 600 KB document takes seconds on a busy machine.
  it('are what the generator makes of the committed openapi.json', { timeout: 60_000 }, async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const fresh = await apiTypes();
    expect(
      committed === fresh,
      `apps/web/src/lib/api/schema.d.ts is out of date (first difference at ${firstDifference(committed, fresh)}): run \`npm run api:types -w @voxpress/web\``,
    ).toBe(true);
  });

  it('keep a record keyed by a closed list of names as such', () => {
    // EnginePort's `content_types` has a key for each kind of content: not `{ [key: string]: … }`.
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toMatch(/content_types\?: Record<"enhanced" \| "story" \|/);
  });
});
