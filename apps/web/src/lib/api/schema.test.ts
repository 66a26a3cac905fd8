import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

// The web app's request and response types come from the server's API document. A route or a field
// changed on the server without `npm run api:types -w @voxpress/web` leaves the committed types
// describing an API that no longer exists: this test is what makes that fail.
const openapiFile = join(import.meta.dirname, '../../../../server/openapi.json');
const schemaFile = join(import.meta.dirname, 'schema.d.ts');

/** What `openapi-typescript ../server/openapi.json --output src/lib/api/schema.d.ts` writes. */
async function generated(): Promise<string> {
  return `${COMMENT_HEADER}${astToString(await openapiTS(pathToFileURL(openapiFile), { silent: true }))}`;
}

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
    const committed = readFileSync(schemaFile, 'utf8');
    const fresh = await generated();
    expect(
      committed === fresh,
      `apps/web/src/lib/api/schema.d.ts is out of date (first difference at ${firstDifference(committed, fresh)}): run \`npm run api:types -w @voxpress/web\``,
    ).toBe(true);
  });
});
