import { downloadFileName } from './file-name.ts';

/** An image link as an absolute address (signed links come as paths on this server). */
export function absoluteUrl(url: string, origin: string = window.location.origin): string {
  return new URL(url, origin).toString();
}

/**
 * Fetches the image and saves it as a PNG named with `name` and the time (spec §7). HTTP errors
 * are reported as status and status text.
 */
export async function downloadImage(url: string, name: string, now: Date = new Date()): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`.trim());
  const blob = await res.blob();
  const fileName = downloadFileName(
    name,
    now,
    blob.type === 'image/jpeg' ? 'jpg' : blob.type === 'image/webp' ? 'webp' : 'png',
  );
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return fileName;
}

/** What sharing did: the share sheet took it, the user closed it, or the address was copied. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied';

/** What sharing needs from the browser (tests pass their own). */
export interface ShareDeps {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  writeText?: ((text: string) => Promise<void>) | undefined;
}

export function browserShareDeps(): ShareDeps {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    share: typeof nav?.share === 'function' ? (data) => nav.share(data) : undefined,
    writeText: nav?.clipboard ? (text) => nav.clipboard.writeText(text) : undefined,
  };
}

/**
 * Shares an image's address through the device's share sheet, else copies it (spec §7). Rejects
 * only when copying fails (the caller says 'Failed to copy URL to clipboard').
 */
export async function shareImage(title: string, url: string, deps: ShareDeps): Promise<ShareOutcome> {
  if (deps.share) {
    try {
      await deps.share({ title, url });
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, a type it cannot share): copying still helps.
    }
  }
  if (!deps.writeText) throw new Error('clipboard unavailable');
  await deps.writeText(url);
  return 'copied';
}
