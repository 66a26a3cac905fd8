import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { PasswordResetsRepository } from '../../repositories/password-resets.repository.ts';
import type { RefreshTokensRepository } from '../../repositories/refresh-tokens.repository.ts';
import type { UsersRepository } from '../../repositories/users.repository.ts';
import { assertStrongPassword } from '../auth/password-rules.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Mailer } from './mailer.ts';
import { resetMail } from './reset-mail.ts';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Links one account may be sent per hour; more requests are answered alike and send nothing. */
export const RESET_LINKS_PER_HOUR = 3;

export const RESET_REQUESTED =
  'If an account uses this email, a link to choose a new password is on its way. It works once, for one hour.';

export interface PasswordResetDeps {
  database: Database;
  users: UsersRepository;
  resets: PasswordResetsRepository;
  refreshTokens: RefreshTokensRepository;
  /** Unset when SMTP_URL is not: links are then made by the administrator only. */
  mailer: Mailer | undefined;
  /** Where users reach the server: links are built from it. */
  publicUrl: string;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Password reset: a single-use link, valid for an hour, of which only a hash is stored. Asking for
 * one answers the same whether or not the address has an account, and takes the same time: the
 * mail is sent after the answer. Using it sets the new password and ends every session.
 */
export class PasswordResetService {
  private readonly now: () => Date;
  constructor(private readonly deps: PasswordResetDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get byEmail(): boolean {
    return this.deps.mailer !== undefined;
  }

  async request(email: string): Promise<void> {
    const mailer = this.deps.mailer;
    if (!mailer)
      throw new HttpError(
        503,
        'email_not_configured',
        'This server cannot send email. Ask its administrator to reset your password.',
      );
    const user = await this.deps.users.findByEmail(email.trim().toLowerCase());
    if (!user) return;
    const hourAgo = new Date(this.now().getTime() - 60 * 60 * 1000);
    if ((await this.deps.resets.countSince(user.id, hourAgo)) >= RESET_LINKS_PER_HOUR) {
      this.deps.logger.warn({ userId: user.id }, 'password reset: hourly limit reached, no mail sent');
      return;
    }
    const { url } = await this.createLink(user.id);
    const mail = resetMail({ name: user.fullName, url, minutes: RESET_LINK_TTL_MS / 60_000 });
    void mailer
      .send({ to: user.email, ...mail })
      .catch((err: unknown) => this.deps.logger.error({ err }, 'password reset mail could not be sent'));
  }

  /** A new link for the account (also what `npm run admin -- reset-password` prints). */
  async createLink(userId: string): Promise<{ url: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + RESET_LINK_TTL_MS);
    await this.deps.resets.insert({ userId, tokenHash: hashToken(token), expiresAt, createdAt: this.now() });
    return { url: `${this.deps.publicUrl}/reset-password#token=${token}`, expiresAt };
  }

  /** Sets the new password and ends every session of the account. */
  async reset(token: string, password: string): Promise<void> {
    const row = await this.deps.resets.findByHash(hashToken(token));
    if (!row)
      throw new HttpError(
        400,
        'reset_link_invalid',
        'This password reset link is not valid. Ask for a new one from the sign-in window.',
      );
    if (row.usedAt)
      throw new HttpError(
        410,
        'reset_link_used',
        'This password reset link was already used. Ask for a new one if you still need it.',
      );
    const now = this.now();
    if (row.expiresAt.getTime() <= now.getTime())
      throw new HttpError(
        410,
        'reset_link_expired',
        'This password reset link has expired. Ask for a new one.',
      );
    const user = await this.deps.users.findById(row.userId);
    if (!user) throw new HttpError(400, 'reset_link_invalid', 'This password reset link is not valid.');
    assertStrongPassword(password, [user.email, ...user.fullName.split(/\s+/)]);
    const passwordHash = await hashPassword(password);
    const spent = await this.deps.database.db.transaction(async (tx) => {
      if (!(await this.deps.resets.markUsed(row.id, now, tx))) return false;
      await this.deps.resets.spendAllOfUser(row.userId, now, tx);
      await this.deps.users.update(row.userId, { passwordHash, sessionsValidFrom: now }, tx);
      return true;
    });
    if (!spent)
      throw new HttpError(
        410,
        'reset_link_used',
        'This password reset link was already used. Ask for a new one if you still need it.',
      );
    await this.deps.refreshTokens.revokeAllOfUser(row.userId);
  }

  close(): void {
    this.deps.mailer?.close();
  }

  /** Forgets links that can no longer be used (called by housekeeping). */
  async prune(): Promise<number> {
    return this.deps.resets.prune(new Date(this.now().getTime() - 24 * 60 * 60 * 1000));
  }
}
