import { buildServerBundle, SERVER_BUNDLE_ENV } from '@voxpress/test-kit/server-process';
import pg from 'pg';

/** The PostgreSQL server the postgres leg of the integration tests uses (CI machines run one). */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Bundles the server once for the tests that start server processes, and finds out once whether
 * PostgreSQL answers. When it does not, the postgres leg is skipped with a
 * printed notice; on CI (`CI=true`) a missing server is an error instead.
 */
export default async function setup(): Promise<() => void> {
  const bundle = buildServerBundle();
  process.env[SERVER_BUNDLE_ENV] = bundle.dir;
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.VOXPRESS_TEST_POSTGRES = '1';
  } catch (err) {
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} on CI: ${String(err)}`);
    }
    process.env.VOXPRESS_TEST_POSTGRES = '0';
    console.warn(
      `\n  NOTICE: PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}; the postgres leg is skipped.\n`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  return bundle.remove;
}
