import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { refreshTokens, users } from '../db/schema.ts';

/** What decides whether an access token still counts: its account, and its session (token family). */
export interface SessionState {
  /** False once the account is deleted. */
  accountExists: boolean;
  /** Tokens issued before this instant (ms) no longer count; null when sessions were never ended. */
  validFromMs: number | null;
  /** Whether the session still has a refresh token nobody revoked (true when no session was asked about). */
  sessionOpen: boolean;
}

/** SQL for sessions: an account's `sessions_valid_from` and its refresh-token families. */
export class SessionsRepository {
  constructor(private readonly db: Db) {}

  /** One query for the account and, with `sessionId`, whether that session is still open. */
  async state(userId: string, sessionId: string | undefined): Promise<SessionState> {
    const open = sessionId
      ? sql<boolean>`exists (${this.db
          .select({ one: sql`1` })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.familyId, sessionId),
              eq(refreshTokens.userId, userId),
              isNull(refreshTokens.revokedAt),
            ),
          )})`
      : sql<boolean>`true`;
    const [row] = await this.db
      .select({ validFrom: users.sessionsValidFrom, open })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return { accountExists: false, validFromMs: null, sessionOpen: false };
    return {
      accountExists: true,
      validFromMs: row.validFrom?.getTime() ?? null,
      sessionOpen: row.open === true,
    };
  }
}
