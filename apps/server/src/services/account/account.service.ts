import type {
  DeleteAccount,
  EmailChange,
  PasswordChange,
  TokenPair,
  User,
  UserSettings,
  UserSettingsPatch,
} from '@voxpress/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { jobs, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { RefreshTokensRepository } from '../../repositories/refresh-tokens.repository.ts';
import type { UserSettingsRepository } from '../../repositories/user-settings.repository.ts';
import type { UserRow, UsersRepository } from '../../repositories/users.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { deleteUserBlobs } from '../../storage/user-blobs.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { assertStrongPassword } from '../auth/password-rules.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';

export interface AccountServiceDeps {
  database: Database;
  users: UsersRepository;
  settings: UserSettingsRepository;
  refreshTokens: RefreshTokensRepository;
  auth: AuthService;
  throttle: LoginThrottle;
  blobs: BlobStore;
  logger: FastifyBaseLogger;
}

const WRONG_PASSWORD = 'Your current password is not correct.';

/**
 * What a signed-in user does with their own account: name, email, password, defaults, signing out
 * everywhere, and deleting the account with everything in it.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async updateName(userId: string, fullName: string): Promise<User> {
    await this.deps.users.update(userId, { fullName });
    return this.deps.auth.me(userId);
  }

  async settings(userId: string): Promise<UserSettings> {
    return this.deps.settings.get(userId);
  }

  async updateSettings(userId: string, patch: UserSettingsPatch): Promise<UserSettings> {
    return this.deps.settings.update(userId, patch);
  }

  /** A new address, unique among accounts, confirmed with the password. */
  async changeEmail(userId: string, change: EmailChange): Promise<User> {
    const row = await this.owner(userId);
    if (!row.passwordHash)
      throw new HttpError(
        409,
        'password_incorrect',
        'Set a password first: changing the email of an account needs its password.',
      );
    await this.checkPassword(row, change.current_password);
    if (change.email !== row.email) {
      const taken = await this.deps.users.findByEmail(change.email);
      const updated = taken
        ? undefined
        : await this.deps.users.update(userId, { email: change.email }).catch(() => undefined);
      if (!updated)
        throw new HttpError(
          409,
          'email_unavailable',
          'This email cannot be used. It may belong to another account.',
          {
            field: 'email',
          },
        );
    }
    return this.deps.auth.me(userId);
  }

  /**
   * Sets a new password and ends every other session: all tokens stop working, and this session
   * goes on with the new pair returned here.
   */
  async changePassword(userId: string, change: PasswordChange): Promise<TokenPair> {
    const row = await this.owner(userId);
    if (row.passwordHash) await this.checkPassword(row, change.current_password ?? '');
    assertStrongPassword(change.new_password, [row.email, ...row.fullName.split(/\s+/)]);
    const passwordHash = await hashPassword(change.new_password);
    await this.deps.users.update(userId, { passwordHash });
    return this.restartSessions(userId);
  }

  /** Ends every session of the account, this one included. */
  async signOutEverywhere(userId: string): Promise<void> {
    await this.deps.users.revokeSessions(userId, new Date());
    await this.deps.refreshTokens.revokeAllOfUser(userId);
  }

  /**
   * Deletes the account and everything in it: files first (so a storage failure leaves an account
   * the user can still delete again), then every row, then the files once more for any written
   * meanwhile. The administrator's role goes to the oldest remaining account.
   */
  async delete(userId: string, confirm: DeleteAccount): Promise<{ promoted: string | null }> {
    const row = await this.owner(userId);
    if (confirm.confirm_email.trim().toLowerCase() !== row.email)
      throw new HttpError(422, 'confirmation_mismatch', 'Type the email of this account to confirm.', {
        field: 'confirm_email',
      });
    if (row.passwordHash) await this.checkPassword(row, confirm.current_password ?? '');
    await this.signOutEverywhere(userId);
    const removed = await this.removeFiles(userId);
    const promoted = await this.deps.database.db.transaction(async (tx) => {
      await tx.delete(jobs).where(eq(jobs.ownerId, userId));
      await tx.delete(users).where(eq(users.id, userId));
      if (row.role !== 'admin') return null;
      const [next] = await tx.select().from(users).orderBy(users.createdAt, users.id).limit(1);
      if (!next) return null;
      await tx.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, next.id));
      return next.id;
    });
    const late = await this.removeFiles(userId);
    this.deps.logger.info(
      { userId, files: removed + late, newAdministrator: promoted },
      'account deleted with all its data',
    );
    return { promoted };
  }

  private async removeFiles(userId: string): Promise<number> {
    try {
      return await deleteUserBlobs(this.deps.blobs, userId);
    } catch (err) {
      this.deps.logger.error({ err, userId }, 'deleting the files of an account failed');
      throw new HttpError(
        503,
        'internal_error',
        'Your files could not be deleted just now, so your account was kept. Please try again in a few minutes.',
      );
    }
  }

  private async owner(userId: string): Promise<UserRow> {
    const row = await this.deps.users.findById(userId);
    if (!row) throw new HttpError(404, 'account_not_found', 'Account not found');
    return row;
  }

  /** Checks the password under the sign-in throttle, so these forms cannot be used to guess it. */
  private async checkPassword(row: UserRow, password: string): Promise<void> {
    const ok = await this.deps.throttle.guard(
      row.email,
      async () => Boolean(row.passwordHash) && verifyPassword(row.passwordHash as string, password),
    );
    if (!ok) throw new HttpError(403, 'password_incorrect', WRONG_PASSWORD, { field: 'current_password' });
  }

  private async restartSessions(userId: string): Promise<TokenPair> {
    await this.signOutEverywhere(userId);
    return this.deps.auth.startSession(userId);
  }
}
