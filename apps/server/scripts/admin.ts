// `npm run admin -- reset-password EMAIL`: administration from the server's command line.
import pino from 'pino';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { LockedError } from '../src/db/process-lock.ts';
import { PasswordResetsRepository } from '../src/repositories/password-resets.repository.ts';
import { RefreshTokensRepository } from '../src/repositories/refresh-tokens.repository.ts';
import { UsersRepository } from '../src/repositories/users.repository.ts';
import { PasswordResetService, RESET_LINK_TTL_MS } from '../src/services/account/password-reset.service.ts';

const USAGE = `Usage:
  npm run admin -- reset-password EMAIL   print a one-time link that lets the account choose a new password`;

async function main(argv: string[]): Promise<number> {
  // npm runs workspace scripts inside apps/server; a relative VOXPRESS_DATA_DIR means the folder
  // the command was typed in, as for `npm start`.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, email, ...rest] = argv;
  switch (command) {
    case 'reset-password':
      if (!email || rest.length) return fail(`reset-password needs exactly one email\n${USAGE}`);
      return resetPassword(email);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      return fail(`unknown command "${command}"\n${USAGE}`);
  }
}

/**
 * Prints a reset link rather than setting a password: the password never passes through the
 * administrator, a terminal, shell history or the process list, the user chooses it under the
 * same strength rules, and the link works once, for an hour. Every session ends when it is used.
 */
async function resetPassword(email: string): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch(
    (err: unknown) => {
      if (err instanceof LockedError)
        throw new Error(
          `${err.message}\nThe embedded database serves one process at a time: stop the server, run this command, then start the server again.`,
        );
      throw err;
    },
  );
  try {
    await database.migrate();
    const users = new UsersRepository(database.db);
    const user = await users.findByEmail(email.trim().toLowerCase());
    if (!user) return fail(`No account uses ${email}.`);
    const service = new PasswordResetService({
      database,
      users,
      resets: new PasswordResetsRepository(database.db),
      refreshTokens: new RefreshTokensRepository(database.db),
      mailer: undefined,
      publicUrl: config.publicUrl,
      logger: pino({ level: 'silent' }),
    });
    const { url, expiresAt } = await service.createLink(user.id);
    console.log(
      `Send this link to ${user.email} by a channel you trust. It works once, for ${RESET_LINK_TTL_MS / 60_000} minutes (until ${expiresAt.toLocaleString()}):\n`,
    );
    console.log(`  ${url}\n`);
    if (!config.publicUrlConfigured)
      console.log(
        'PUBLIC_URL is not set, so the link starts with this machine’s own address: change it to the address users reach Voxpress at.',
      );
    return 0;
  } finally {
    await database.close();
  }
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
