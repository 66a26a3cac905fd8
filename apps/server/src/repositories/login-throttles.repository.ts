import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginThrottles } from '../db/schema.ts';

/** How a claimed sign-in attempt stands: allowed (with its failure count so far) or locked. */
export type AttemptClaim = { allowed: true; failures: number } | { allowed: false; lockedUntil: Date };

/** SQL for the `login_throttles` table. */
export class LoginThrottlesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts an attempt for `email` as failed in advance and locks the account until `lockFor(n)`
   * seconds from `now`, in one statement, unless it is already locked. Counting before the password
   * is checked means parallel guesses cannot all slip in before the first failure is written.
   */
  async claimAttempt(
    email: string,
    now: Date,
    options: { forgetBefore: Date; freeFailures: number; baseDelayS: number; maxDelayS: number },
  ): Promise<AttemptClaim> {
    const t = loginThrottles;
    const at = sql`${now.toISOString()}::timestamptz`;
    const free = sql`${options.freeFailures}::int`;
    const failures = sql`(case when ${t.lastAttemptAt} < ${options.forgetBefore.toISOString()}::timestamptz then 1 else ${t.failures} + 1 end)`;
    // n failures in a row lock for base * 2^(n - free - 1) seconds once n exceeds the free ones.
    const delay = (n: SQL) =>
      sql`least(${options.maxDelayS}::float8, case when ${n} > ${free} then ${options.baseDelayS}::float8 * power(2::float8, ${n} - ${free} - 1) else 0 end)`;
    const lockedUntil = (n: SQL) => sql`${at} + make_interval(secs => ${delay(n)})`;
    const rows = await this.db
      .insert(t)
      .values({ email, failures: 1, lastAttemptAt: now, lockedUntil: lockedUntil(sql`1`) })
      .onConflictDoUpdate({
        target: t.email,
        set: { failures: sql`${failures}`, lastAttemptAt: now, lockedUntil: lockedUntil(failures) },
        setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${at}`,
      })
      .returning({ failures: t.failures });
    const claimed = rows[0];
    if (claimed) return { allowed: true, failures: claimed.failures };
    const [row] = await this.db.select().from(t).where(eq(t.email, email));
    return { allowed: false, lockedUntil: row?.lockedUntil ?? now };
  }

  /** A successful sign-in forgets the account's failures. */
  async clear(email: string): Promise<void> {
    await this.db.delete(loginThrottles).where(eq(loginThrottles.email, email));
  }
}
