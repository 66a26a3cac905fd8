import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers } from '../../test/harness.ts';
import { openDatabase } from './database.ts';

describe.runIf(drivers.includes('postgres'))('migrations on a shared PostgreSQL', () => {
  it('run once when several processes start together on a new database', async () => {
    const pgdb = await createPostgresDatabase();
    const processes = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ url: pgdb.url, dataDir: 'memory' })),
    );
    try {
      const results = await Promise.allSettled(processes.map((p) => p.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      await expect(processes[0]?.ping()).resolves.toBeGreaterThanOrEqual(0);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await pgdb.drop();
    }
  });
});
