import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { passwordResets } from '../db/schema.ts';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** SQL for `password_resets`: token hashes only. */
export class PasswordResetsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof passwordResets.$inferInsert): Promise<void> {
    await this.db.insert(passwordResets).values(values);
  }

  async findByHash(tokenHash: string): Promise<PasswordResetRow | undefined> {
    const [row] = await this.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
    return row;
  }

  /** Spends a link, only if nobody spent it first: false means it was already used. */
  async markUsed(id: string, at: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    return rows.length === 1;
  }

  /** Once a password is set, every other link of the account stops working too. */
  async spendAllOfUser(userId: string, at: Date, tx: Db = this.db): Promise<void> {
    await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }

  /** Links made for the account since `since`. */
  async countSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
    return row?.n ?? 0;
  }

  /** Removes links spent or expired before `before`. */
  async prune(before: Date): Promise<number> {
    const rows = await this.db
      .delete(passwordResets)
      .where(or(lt(passwordResets.expiresAt, before), lt(passwordResets.usedAt, before)))
      .returning({ id: passwordResets.id });
    return rows.length;
  }
}
