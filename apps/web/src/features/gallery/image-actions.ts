import { errorMessage } from '../../lib/error-message.ts';
import { downloadFileName } from './gallery-image.ts';

/** Why a download failed: no address at all, or the reason (HTTP status and text, or the error). */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(readonly reason: string | null) {
    super(reason ?? 'no image address');
  }
}

/** What a download needs from the browser; tests pass their own. */
export interface DownloadDeps {
  fetch: (url: string) => Promise<Response>;
  /** Hands the file to the browser to keep. */
  save: (blob: Blob, fileName: string) => void;
  /** Re-encodes a JPEG or WebP picture as PNG. */
  toPng: (blob: Blob) => Promise<Blob>;
  now: () => Date;
}

/** An HTTP failure as the spec reports it: the status and its text ("404 Not Found"). */
export function httpReason(status: number, statusText: string): string {
  return `${status} ${statusText}`.trim();
}

function reasonOf(err: unknown): string {
  if (err instanceof DownloadError) return err.reason ?? '';
  return errorMessage(err, String(err));
}

/**
 * Fetches the image at `url` and saves it as a PNG named after `name` and the moment of the
 * download. Returns the file name; throws a DownloadError (reason null when there is no address).
 */
export async function downloadPng(url: string | null, name: string, deps: DownloadDeps): Promise<string> {
  if (!url) throw new DownloadError(null);
  try {
    const res = await deps.fetch(url);
    if (!res.ok) throw new DownloadError(httpReason(res.status, res.statusText));
    let blob = await res.blob();
    if (blob.type !== 'image/png') blob = await deps.toPng(blob);
    const fileName = downloadFileName(name, deps.now());
    deps.save(blob, fileName);
    return fileName;
  } catch (err) {
    throw err instanceof DownloadError ? err : new DownloadError(reasonOf(err));
  }
}

/** What the share action did. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'copyFailed';

/** The share sheet and the clipboard, where the browser has them. */
export interface ShareDeps {
  share?: ((data: { title: string; url: string }) => Promise<void>) | undefined;
  writeText?: ((text: string) => Promise<void>) | undefined;
}

/**
 * Offers `url` through the device's share sheet; without one (or when it refuses), copies it to
 * the clipboard instead. Closing the sheet is no failure.
 */
export async function shareLink(url: string, title: string, deps: ShareDeps): Promise<ShareOutcome> {
  if (deps.share) {
    try {
      await deps.share({ title, url });
      return 'shared';
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') return 'cancelled';
      // Not allowed here (no user gesture, an insecure page): the clipboard still works.
    }
  }
  if (!deps.writeText) return 'copyFailed';
  try {
    await deps.writeText(url);
    return 'copied';
  } catch {
    return 'copyFailed';
  }
}
