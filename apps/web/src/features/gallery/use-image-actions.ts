import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSaved } from './gallery-api.ts';
import { absoluteUrl, type GalleryImage, linkExpired } from './gallery-image.ts';
import { type DownloadDeps, DownloadError, downloadPng, shareLink } from './image-actions.ts';

/** Hands a file to the browser to keep, under `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser reads the blob when the download starts; give it a moment before letting go.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** A JPEG or WebP picture drawn onto a canvas and written out as PNG. */
async function toPng(blob: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

const browserDeps: DownloadDeps = {
  fetch: (url) => window.fetch(url),
  save: saveBlob,
  toPng,
  now: () => new Date(),
};

/** The image's address, asked for again when its signed link has run out. */
async function currentUrl(image: GalleryImage): Promise<string | null> {
  if (image.savedId && linkExpired(image.urlExpiresAt, Date.now())) {
    const fresh = await getSaved(image.savedId).catch(() => null);
    if (fresh?.infographic_url) return fresh.infographic_url;
  }
  return image.url;
}

/** Download as PNG and Share for gallery images, with their messages (spec §8, gallery). */
export function useImageActions() {
  const { t } = useTranslation('gallery');
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(image: GalleryImage, name: string): Promise<void> {
    setDownloading(image.key);
    try {
      await downloadPng(await currentUrl(image), name, browserDeps);
    } catch (err) {
      const reason = err instanceof DownloadError ? err.reason : String(err);
      notifications.show({
        color: 'red',
        message: reason === null ? t('download.noUrl') : t('download.failed', { reason }),
      });
    } finally {
      setDownloading(null);
    }
  }

  async function share(image: GalleryImage, name: string): Promise<void> {
    const url = await currentUrl(image);
    if (!url) {
      notifications.show({ color: 'red', message: t('image.none') });
      return;
    }
    const outcome = await shareLink(absoluteUrl(url, window.location.origin), name, {
      share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
      writeText: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
    });
    if (outcome === 'copied') notifications.show({ color: 'teal', message: t('share.copied') });
    if (outcome === 'copyFailed') notifications.show({ color: 'red', message: t('share.copyFailed') });
  }

  return { download, share, downloading };
}
