import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events/event-bus.ts';
import { RefreshTokensRepository } from '../../repositories/refresh-tokens.repository.ts';
import type { SessionState } from '../../repositories/sessions.repository.ts';

/** Where every process hears that sessions of an account ended. */
export const SESSIONS_TOPIC = 'sessions';
/**
 * How long a process trusts what it read about a session. A revocation reaches every process at
 * once over the event bus; this only bounds how long a lost event (the bus is at-most-once) or a
 * change made outside the server could go unnoticed.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Accounts remembered at most; past it the oldest are read again. */
const MAX_ACCOUNTS = 10_000;

export interface SessionGateDeps {
  /** Reads the account's and the session's state from the database. */
  lookup: (userId: string, sessionId: string | undefined) => Promise<SessionState>;
  events: EventBus;
  logger: FastifyBaseLogger;
  now?: () => number;
  ttlMs?: number;
}

interface Entry {
  at: number;
  state: Promise<SessionState>;
}

/**
 * Decides on every request whether an access token's session still counts: the account exists,
 * its sessions were not all ended after the token was issued, and the token's own session (its
 * refresh-token family) was not signed out. What it reads is kept briefly per process and
 * forgotten as soon as any process announces that sessions of the account ended.
 */
export class SessionGate {
  /** Per account, per session id ('' for a token without one). */
  private readonly cache = new Map<string, Map<string, Entry>>();
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(private readonly deps: SessionGateDeps) {
    this.now = deps.now ?? Date.now;
    this.ttlMs = deps.ttlMs ?? SESSION_CACHE_TTL_MS;
    deps.events.subscribe(SESSIONS_TOPIC, (event) => {
      if (typeof event.user_id === 'string') this.forget(event.user_id);
    });
  }

  /** True when a token of `userId` issued at `issuedAtMs` (in session `sessionId`) no longer counts. */
  async ended(userId: string, issuedAtMs: number, sessionId: string | undefined): Promise<boolean> {
    const state = await this.read(userId, sessionId);
    if (!state.accountExists || !state.sessionOpen) return true;
    return state.validFromMs !== null && issuedAtMs < state.validFromMs;
  }

  /** Sessions of `userId` ended: this process forgets at once, and every other process is told. */
  async announce(userId: string): Promise<void> {
    this.forget(userId);
    try {
      await this.deps.events.publish(SESSIONS_TOPIC, { type: 'sessions.ended', user_id: userId });
    } catch (err) {
      // The database already says so; other processes notice within the cache's lifetime.
      this.deps.logger.warn({ err }, 'could not announce ended sessions to other processes');
    }
  }

  private read(userId: string, sessionId: string | undefined): Promise<SessionState> {
    const key = sessionId ?? '';
    let sessions = this.cache.get(userId);
    const hit = sessions?.get(key);
    const now = this.now();
    if (hit && now - hit.at <= this.ttlMs) return hit.state;
    if (!sessions) {
      if (this.cache.size >= MAX_ACCOUNTS) this.cache.delete(this.cache.keys().next().value as string);
      sessions = new Map();
      this.cache.set(userId, sessions);
    }
    const state = this.deps.lookup(userId, sessionId);
    const entry = { at: now, state };
    sessions.set(key, entry);
    // A failed read is not kept: the next request tries again.
    state.catch(() => {
      if (this.cache.get(userId)?.get(key) === entry) this.cache.get(userId)?.delete(key);
    });
    return state;
  }

  private forget(userId: string): void {
    this.cache.delete(userId);
  }
}

/**
 * The refresh-token table, announcing through `gate` whenever every session of an account ends
 * (a password change or reset, signing out everywhere, account deletion, a Google claim), so their
 * access tokens stop working on every process at once. Single sessions end in `AuthService`.
 */
export class AnnouncedRefreshTokens extends RefreshTokensRepository {
  constructor(
    db: ConstructorParameters<typeof RefreshTokensRepository>[0],
    private readonly gate: SessionGate,
  ) {
    super(db);
  }

  override async revokeAllOfUser(userId: string): Promise<void> {
    await super.revokeAllOfUser(userId);
    await this.gate.announce(userId);
  }
}
