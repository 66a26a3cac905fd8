import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** SQL for the `users` table. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleSub, sub));
    return row;
  }

  /** Inserts a user; returns undefined when the email is already taken. */
  async create(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values(values)
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  /** True when no account exists yet (the next one becomes the administrator). */
  async none(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).limit(1);
    return !row;
  }

  /**
   * Makes `id` the administrator if it is the oldest account and there is none yet. The unique
   * index on the admin role settles two first sign-ups racing: the loser stays a user.
   */
  async promoteIfFirst(id: string): Promise<UserRow | undefined> {
    try {
      const [row] = await this.db
        .update(users)
        .set({ role: 'admin' })
        .where(
          and(
            eq(users.id, id),
            sql`${users.id} = (select id from ${users} order by created_at, id limit 1)`,
            sql`not exists (select 1 from ${users} where role = 'admin')`,
          ),
        )
        .returning();
      return row;
    } catch {
      return undefined;
    }
  }

  /** Ends every session of the account: access tokens issued before now stop counting. */
  async revokeSessions(id: string, at: Date): Promise<void> {
    await this.db.update(users).set({ sessionsValidFrom: at, updatedAt: at }).where(eq(users.id, id));
  }

  /** For `SessionCheck`: true when the account is gone or its sessions ended after `issuedAtMs`. */
  async sessionsEndedAfter(id: string, issuedAtMs: number): Promise<boolean> {
    const [row] = await this.db.select({ from: users.sessionsValidFrom }).from(users).where(eq(users.id, id));
    return !row || (row.from !== null && issuedAtMs < row.from.getTime());
  }

  async update(
    id: string,
    values: Partial<typeof users.$inferInsert>,
    tx: Db = this.db,
  ): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}
