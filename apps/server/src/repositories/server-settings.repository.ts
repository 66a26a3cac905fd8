import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { StoredSetting } from '../db/json-columns.ts';
import { serverSettings } from '../db/schema.ts';

/** SQL for the `server_settings` table: one JSON value per key. */
export class ServerSettingsRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<Map<string, StoredSetting>> {
    const rows = await this.db.select().from(serverSettings);
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  /** Writes every key in one transaction; an undefined value removes the key. */
  async write(values: Map<string, StoredSetting | undefined>): Promise<void> {
    if (!values.size) return;
    await this.db.transaction(async (tx) => {
      const removed = [...values].filter(([, v]) => v === undefined).map(([k]) => k);
      if (removed.length) await tx.delete(serverSettings).where(inArray(serverSettings.key, removed));
      for (const [key, value] of values) {
        if (value === undefined) continue;
        const now = new Date();
        await tx
          .insert(serverSettings)
          .values({ key, value, updatedAt: now })
          .onConflictDoUpdate({ target: serverSettings.key, set: { value, updatedAt: now } });
      }
    });
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(serverSettings).where(eq(serverSettings.key, key));
  }
}
