import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  rmSync,
  statfsSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A small filesystem of its own (tmpfs) that a test can fill to the last byte. */
export interface SmallDisk {
  dir: string;
  /** Bytes still free for writing right now. */
  free(): number;
  /** Writes a filler file until the disk refuses more (ENOSPC). */
  fill(): void;
  /** Shrinks the filler by `bytes`: on a full disk, about that much is free again. */
  release(bytes: number): void;
  /** Unmounts it. */
  remove(): void;
}

/**
 * Why a small disk cannot be mounted here, or undefined when it can: mounting needs root (or
 * CAP_SYS_ADMIN). Tries once, leaving nothing mounted, so a test can decide to skip up front.
 */
export function smallDiskUnavailable(): string | undefined {
  try {
    mountSmallDisk('64k').remove();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Mounts a tmpfs of `size` (e.g. `8m`) in a new folder; throws saying why when it cannot. */
export function mountSmallDisk(size: string): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), 'voxpress-small-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    const why = (mounted.stderr || mounted.error?.message || `exit ${mounted.status}`).trim();
    throw new Error(`a tmpfs cannot be mounted here (${why}); run the tests as root to include this`);
  }
  const filler = path.join(dir, 'filler');
  const free = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    free,
    fill() {
      const fd = openSync(filler, 'a');
      try {
        // Big pieces first, then ever smaller ones for the last partly used page.
        for (const size of [1024 * 1024, 64 * 1024, 4096, 512, 1]) {
          const chunk = Buffer.alloc(size, 1);
          for (;;) {
            try {
              writeSync(fd, chunk);
            } catch (err) {
              if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw err;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    release(bytes: number) {
      truncateSync(filler, Math.max(0, statSync(filler).size - bytes));
    },
    remove() {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
