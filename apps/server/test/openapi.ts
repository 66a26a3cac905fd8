import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestContext } from './harness.ts';

export const OPENAPI_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json');

/** The OpenAPI document the current code serves at /api/docs/json. */
export async function generateOpenApi(): Promise<unknown> {
  const t = await createTestContext('pglite', { startWorkers: false });
  try {
    return t.app.swagger();
  } finally {
    await t.close();
  }
}
