import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { refreshTokens } from '../db/schema.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** SQL for the `refresh_tokens` table. */
export class RefreshTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof refreshTokens.$inferInsert): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Marks a token used, only if nobody used it first; false means it was already spent. */
  async markUsed(id: string): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  /** Ends every session of an account. */
  async revokeAllOfUser(userId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }
}
