import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** How often a running process marks its scratch folder as in use. */
const HEARTBEAT_MS = 60_000;
/** A folder whose mark is older than this belongs to no running process. */
export const STALE_SCRATCH_MS = 10 * 60_000;
const OWNER_FILE = '.owner';

/** Who owns a scratch folder, as written in its `.owner` file. */
interface Owner {
  host: string;
  pid: number;
}

/**
 * This process's own folder for temporary files (upload spools, partial writes, decoded audio)
 * inside `<data>/tmp`. Every process gets a folder of its own and marks it as alive, so a sweep
 * can tell a dead process's debris (after a crash or `kill -9`) from files a live process is still
 * using, even when several processes share the data folder: a folder is dead when its owner ran on
 * this machine and its process is gone, or when its mark has not been refreshed for
 * `STALE_SCRATCH_MS` (another machine, or a process id reused since).
 */
export class ScratchSpace {
  readonly dir: string;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly root: string) {
    this.dir = path.join(root, `run-${randomBytes(6).toString('hex')}`);
  }

  /** Creates the folder and keeps marking it alive until `close()`. */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const owner: Owner = { host: hostname(), pid: process.pid };
    await writeFile(path.join(this.dir, OWNER_FILE), JSON.stringify(owner));
    this.timer = setInterval(() => void this.touch(), HEARTBEAT_MS).unref();
  }

  /** Names of the temporary files in this process's folder right now. */
  async files(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => []);
    return names.filter((name) => name !== OWNER_FILE);
  }

  /** Stops marking the folder and removes it with whatever is left in it. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await rm(this.dir, { recursive: true, force: true });
  }

  /**
   * Removes the folders of processes that are gone, and loose files (from older versions, which
   * wrote straight into `tmp`) not touched for `STALE_SCRATCH_MS`. Returns how many entries went.
   */
  async sweep(now = Date.now()): Promise<number> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      const full = path.join(this.root, entry.name);
      if (full === this.dir) continue;
      const dead = entry.isDirectory() ? await this.isDead(full, now) : await isOlder(full, now);
      if (!dead) continue;
      await rm(full, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  private async isDead(folder: string, now: number): Promise<boolean> {
    const mark = path.join(folder, OWNER_FILE);
    const owner = await readFile(mark, 'utf8')
      .then((text) => JSON.parse(text) as Owner)
      .catch(() => null);
    if (owner?.host === hostname() && !isRunning(owner.pid)) return true;
    return isOlder(owner ? mark : folder, now);
  }

  private async touch(): Promise<void> {
    const now = new Date();
    await utimes(path.join(this.dir, OWNER_FILE), now, now).catch(() => {});
  }
}

async function isOlder(file: string, now: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info !== null && now - info.mtimeMs > STALE_SCRATCH_MS;
}

/** Whether a process with this id exists on this machine (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
