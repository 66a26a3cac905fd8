import { statfs } from 'node:fs/promises';
import { HttpError } from '../lib/http-error.ts';

/** What a user is told when a write fails for want of disk space: never that their file is bad. */
export const STORAGE_FULL_DETAIL = 'The server has run out of disk space. Ask your administrator.';

/** System error codes for a full disk (ENOSPC) and a user's disk quota used up (EDQUOT). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** Linux errno values of the same, for errors that carry only the number. */
const FULL_ERRNOS = new Set([-28, -122]);
/** PostgreSQL's SQLSTATE `disk_full` (class 53, insufficient resources). */
const PG_DISK_FULL = '53100';
/** How tools (ffmpeg, PostgreSQL, SQLite) word it when only their text reaches us. */
export const FULL_DISK_TEXT = /No space left on device|Disk quota exceeded|could not extend file/i;

/**
 * Whether an error, or anything it wraps (`cause`, an `AggregateError`'s errors), says the disk
 * is full: ENOSPC or EDQUOT from a file write, PostgreSQL's `disk_full`, or a tool's own words for
 * it. Errors raised for a bad request are never taken for it.
 */
export function isStorageFull(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || seen.has(e) || depth > 8) return false;
    seen.add(e);
    if (e instanceof StorageFullError) return true;
    const { code, errno, message, cause, errors } = e as {
      code?: unknown;
      errno?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (FULL_CODES.has(code) || code === PG_DISK_FULL)) return true;
    if (typeof errno === 'number' && FULL_ERRNOS.has(errno) && 'syscall' in e) return true;
    if (!(e instanceof HttpError) && typeof message === 'string' && FULL_DISK_TEXT.test(message)) return true;
    if (visit(cause, depth + 1)) return true;
    return Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1));
  };
  return visit(err, 0);
}

/**
 * 507 Insufficient Storage, `storage_full`: the server could not write for want of disk space. It
 * is the administrator's to fix, so the request is not the user's fault and may be sent again
 * once space is freed.
 */
export class StorageFullError extends HttpError {
  constructor(options: { cause?: unknown } = {}) {
    super(507, 'storage_full', STORAGE_FULL_DETAIL);
    this.name = 'StorageFullError';
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** `err` as a `StorageFullError` when it says the disk is full, else `err` itself. */
export function asStorageFull(err: unknown): unknown {
  if (err instanceof StorageFullError || !isStorageFull(err)) return err;
  return new StorageFullError({ cause: err });
}

/**
 * Refuses, before a byte is read, a body of `bytes` that cannot fit in `dir`: the sender is told
 * at once rather than after uploading it all (the answer closes the connection, see `errors.ts`).
 * When the free space cannot be read, the write itself will tell.
 */
export async function ensureDiskRoom(dir: string, bytes: number): Promise<void> {
  if (!(bytes > 0)) return;
  const s = await statfs(dir).catch(() => null);
  if (s && s.bavail * s.bsize < bytes) throw new StorageFullError();
}
