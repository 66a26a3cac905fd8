import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Thrown when another live process already holds the lock. */
export class LockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `Another Voxpress process (pid ${pid}) is using the embedded database in this data folder. ` +
        'The embedded database serves one process: stop the other one, or set DATABASE_URL to a PostgreSQL server to run several.',
    );
    this.name = 'LockedError';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes a lock file naming this process, refusing when a live process holds it; a lock left by a
 * process that died is taken over. Returns the release function.
 */
export function lockForProcess(file: string): () => void {
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (holder && holder !== process.pid && alive(holder)) throw new LockedError(file, holder);
    rmSync(file, { force: true });
  }
}
