import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { apiTokens } from '../db/schema.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** SQL for the `api_tokens` table: personal access tokens, kept as hashes. */
export class ApiTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
    const [row] = await this.db.insert(apiTokens).values(values).returning();
    if (!row) throw new Error('api token insert returned no row');
    return row;
  }

  async findByHash(tokenHash: string): Promise<ApiTokenRow | undefined> {
    const [row] = await this.db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
    return row;
  }

  /** The user's tokens still in force (not revoked, not expired), newest first. */
  listActive(userId: string, now: Date): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, userId),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        ),
      )
      .orderBy(desc(apiTokens.createdAt));
  }

  async countActive(userId: string, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, userId),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        ),
      );
    return row?.n ?? 0;
  }

  /** Revokes one of the user's tokens; false when the user has no such token in force. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return rows.length === 1;
  }

  /** Records a use, unless one was recorded after `since` (so a busy script writes once a minute). */
  async touch(id: string, now: Date, since: Date): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, since))));
  }
}
