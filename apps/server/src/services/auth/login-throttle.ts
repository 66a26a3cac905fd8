import { HttpError } from '../../lib/http-error.ts';
import type { LoginThrottlesRepository } from '../../repositories/login-throttles.repository.ts';

/** Failures allowed without delay; after that each one doubles the wait, up to the maximum. */
export const THROTTLE = {
  freeFailures: 5,
  baseDelayS: 1,
  maxDelayS: 15 * 60,
  /** Failures older than this are forgotten. */
  forgetAfterS: 24 * 60 * 60,
};

/**
 * Per-account sign-in throttling, on top of the per-address rate limit: an attacker who spreads
 * guesses over many addresses still gets one guess per (doubling) delay for a given account. The
 * state lives in the database so every API process sees the same count.
 */
export class LoginThrottle {
  constructor(
    private readonly repository: LoginThrottlesRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Runs `attempt` (the password check) unless the account is locked; a false result counts as a
   * failure, a true one clears the count. Locked: 429 with Retry-After in seconds.
   */
  async guard(email: string, attempt: () => Promise<boolean>): Promise<boolean> {
    const now = this.now();
    const claim = await this.repository.claimAttempt(email, now, {
      forgetBefore: new Date(now.getTime() - THROTTLE.forgetAfterS * 1000),
      freeFailures: THROTTLE.freeFailures,
      baseDelayS: THROTTLE.baseDelayS,
      maxDelayS: THROTTLE.maxDelayS,
    });
    if (!claim.allowed) {
      const seconds = Math.max(1, Math.ceil((claim.lockedUntil.getTime() - now.getTime()) / 1000));
      throw new HttpError(
        429,
        'account_locked',
        `Too many failed sign-in attempts for this account. Please wait ${seconds} seconds and try again.`,
        { seconds },
        { 'retry-after': String(seconds) },
      );
    }
    const ok = await attempt();
    if (ok) await this.repository.clear(email);
    return ok;
  }
}
