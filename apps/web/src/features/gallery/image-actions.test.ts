import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { type DownloadDeps, DownloadError, downloadPng, httpReason, shareLink } from './image-actions.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const at = new Date(2026, 10, 23, 6, 45, 9);

/** Download deps that answer with `response` and record what was saved. */
function deps(response: Response | Error) {
  const saved: { blob: Blob; fileName: string }[] = [];
  const fetched: string[] = [];
  const d: DownloadDeps = {
    fetch: async (url) => {
      fetched.push(url);
      if (response instanceof Error) throw response;
      return response;
    },
    save: (blob, fileName) => saved.push({ blob, fileName }),
    toPng: async () => new Blob([PNG], { type: 'image/png' }),
    now: () => at,
  };
  return { d, saved, fetched };
}

/** The message the gallery shows for a failed download, in English (spec §8). */
const shown = (err: unknown) => {
  const reason = (err as DownloadError).reason;
  return reason === null ? i18n.t('gallery:download.noUrl') : i18n.t('gallery:download.failed', { reason });
};

describe('downloading an image as PNG', () => {
  it('saves the fetched PNG under the name and the time of the download', async () => {
    const { d, saved, fetched } = deps(new Response(PNG, { headers: { 'content-type': 'image/png' } }));
    const name = await downloadPng('/api/v1/infographics/images/a.png?ticket=t', 'Banana bread', d);
    expect(name).toBe('Banana-bread-2026-11-23-064509.png');
    expect(fetched).toEqual(['/api/v1/infographics/images/a.png?ticket=t']);
    expect(saved).toHaveLength(1);
    const [file] = saved as [{ blob: Blob; fileName: string }];
    expect(file.blob.type).toBe('image/png');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(PNG);
  });

  it('re-encodes a JPEG or WebP picture as PNG', async () => {
    const { d, saved } = deps(
      new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }),
    );
    await downloadPng('/x.jpg', 'Cover', d);
    expect(saved[0]?.blob.type).toBe('image/png');
    expect(saved[0]?.fileName).toMatch(/^Cover-.*\.png$/);
  });

  it('without an address says so in the spec’s words, and fetches nothing', async () => {
    const { d, fetched, saved } = deps(new Response(PNG));
    const err = await downloadPng(null, 'Cover', d).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadError);
    expect(shown(err)).toBe('No image URL available for download');
    expect(fetched).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('reports an HTTP error as its status and status text', async () => {
    const { d, saved } = deps(new Response('gone', { status: 404, statusText: 'Not Found' }));
    const err = await downloadPng('/x.png', 'Cover', d).catch((e: unknown) => e);
    expect(shown(err)).toBe('Failed to download infographic: 404 Not Found');
    expect(saved).toEqual([]);
    expect(httpReason(502, '')).toBe('502');
  });

  it('reports a network failure in words, not as the browser’s “Failed to fetch”', async () => {
    const { d } = deps(new TypeError('Failed to fetch'));
    const err = await downloadPng('/x.png', 'Cover', d).catch((e: unknown) => e);
    expect(shown(err)).toBe(
      'Failed to download infographic: The server could not be reached. Check your connection and try again.',
    );
  });
});

describe('sharing an image', () => {
  const url = 'https://vox.example/api/v1/infographics/images/a.png?ticket=t';

  it('uses the share sheet where there is one', async () => {
    const shared: unknown[] = [];
    const outcome = await shareLink(url, 'Cover', {
      share: async (data) => void shared.push(data),
      writeText: async () => {
        throw new Error('not expected');
      },
    });
    expect(outcome).toBe('shared');
    expect(shared).toEqual([{ title: 'Cover', url }]);
  });

  it('takes a closed share sheet as no failure and copies nothing', async () => {
    const copied: string[] = [];
    const outcome = await shareLink(url, 'Cover', {
      share: async () => {
        throw new DOMException('Share canceled', 'AbortError');
      },
      writeText: async (text) => void copied.push(text),
    });
    expect(outcome).toBe('cancelled');
    expect(copied).toEqual([]);
  });

  it('copies the address without a share sheet, or when the sheet refuses', async () => {
    const copied: string[] = [];
    const writeText = async (text: string) => void copied.push(text);
    expect(await shareLink(url, 'Cover', { writeText })).toBe('copied');
    const refused = async () => {
      throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
    };
    expect(await shareLink(url, 'Cover', { share: refused, writeText })).toBe('copied');
    expect(copied).toEqual([url, url]);
    expect(i18n.t('gallery:share.copied')).toBe('Infographic URL copied to clipboard!');
  });

  it('fails to copy when the clipboard refuses or is missing', async () => {
    const refused = async () => {
      throw new DOMException('Write permission denied', 'NotAllowedError');
    };
    expect(await shareLink(url, 'Cover', { writeText: refused })).toBe('copyFailed');
    expect(await shareLink(url, 'Cover', {})).toBe('copyFailed');
    expect(i18n.t('gallery:share.copyFailed')).toBe('Failed to copy URL to clipboard');
  });
});
