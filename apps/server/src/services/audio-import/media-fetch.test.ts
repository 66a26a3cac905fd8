import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaSite } from '@voxpress/test-kit/media-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardedFetch } from '../../net/guarded-fetch.ts';
import { fetchToFile, sniffLink } from './media-fetch.ts';

/** The guard with the test site's own address let through as if it were public. */
class SiteAsPublic extends GuardedFetch {
  constructor(private readonly origin: string) {
    super({ allowPrivate: false });
  }
  override checkUrl(url: string): URL {
    const parsed = new URL(url);
    if (parsed.origin === this.origin) return parsed;
    return super.checkUrl(url);
  }
}

describe('fetching a link: every hop checked, size and time bounded', () => {
  let site: MediaSite;
  let dir: string;
  let open: GuardedFetch;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'voxpress-fetch-'));
    site = await new MediaSite().start(dir);
    open = new GuardedFetch({ allowPrivate: true });
  });
  afterAll(async () => {
    await open.close();
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells media, feeds and pages apart by their bytes', async () => {
    const limits = { maxBytes: 10_000_000, timeoutMs: 10_000 };
    expect(await sniffLink(open, `${site.url}/media/morning.mp3`, limits)).toMatchObject({
      kind: 'media',
      mime: 'audio/mpeg',
    });
    expect(await sniffLink(open, `${site.url}/media/talk.mp4`, limits)).toMatchObject({
      kind: 'media',
      mime: 'video/mp4',
    });
    expect(await sniffLink(open, `${site.url}/feed`, limits)).toMatchObject({ kind: 'feed' });
    expect(await sniffLink(open, `${site.url}/page`, limits)).toMatchObject({ kind: 'page' });
    await expect(sniffLink(open, `${site.url}/media/notes.mp3`, limits)).rejects.toMatchObject({
      code: 'import_not_media',
    });
  });

  it('asks only for the start of a link; a feed longer than that is then read whole', async () => {
    const limits = { maxBytes: 10_000_000, timeoutMs: 10_000 };
    const before = site.requests.length;
    expect(await sniffLink(open, `${site.url}/media/voice-note.wav`, limits)).toMatchObject({
      kind: 'media',
      mime: 'audio/wav',
    });
    const sniffed = await sniffLink(open, `${site.url}/long-feed`, limits);
    expect(sniffed.kind).toBe('feed');
    const xml = sniffed.kind === 'feed' ? sniffed.xml : '';
    expect(xml.length).toBeGreaterThan(16 * 1024);
    expect(xml.trimEnd().endsWith('</rss>')).toBe(true);
    expect(site.requests.slice(before)).toEqual([
      { url: '/media/voice-note.wav', range: 'bytes=0-16383' },
      { url: '/long-feed', range: 'bytes=0-16383' },
      { url: '/long-feed', range: null },
    ]);
    // The whole length a part announces is held to the limit before anything more is read.
    await expect(
      sniffLink(open, `${site.url}/media/voice-note.wav`, { maxBytes: 20_000, timeoutMs: 10_000 }),
    ).rejects.toMatchObject({ code: 'import_too_large', params: { max_bytes: 20_000 } });
  });

  it('follows a redirect on the same site and refuses one to this machine or a private network (setting off)', async () => {
    const guard = new SiteAsPublic(site.url);
    const limits = { maxBytes: 10_000_000, timeoutMs: 10_000 };
    expect(await sniffLink(guard, `${site.url}/go/morning`, limits)).toMatchObject({
      kind: 'media',
      finalUrl: `${site.url}/media/morning.mp3`,
    });
    const before = site.hits.length;
    // localhost is refused once resolved to 127.0.0.1; 10.0.0.7 by its address.
    await expect(sniffLink(guard, `${site.url}/go/loopback`, limits)).rejects.toMatchObject({
      code: 'import_address_forbidden',
      params: { reason: 'loopback' },
    });
    await expect(
      fetchToFile(guard, `${site.url}/go/private`, path.join(dir, 'x'), limits),
    ).rejects.toMatchObject({
      code: 'import_address_forbidden',
      params: { reason: 'private' },
    });
    // Only the redirecting pages were asked: the targets never were.
    expect(site.hits.slice(before)).toEqual(['/go/loopback', '/go/private']);
    await guard.close();
  });

  it('stops a body that runs past the size limit and keeps nothing', async () => {
    const file = path.join(dir, 'endless');
    await expect(
      fetchToFile(open, `${site.url}/media/endless.mp3`, file, { maxBytes: 300_000, timeoutMs: 30_000 }),
    ).rejects.toMatchObject({ code: 'import_too_large', params: { max_bytes: 300_000 } });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops a body that stalls at the time limit and keeps nothing', async () => {
    const file = path.join(dir, 'slow');
    await expect(
      fetchToFile(open, `${site.url}/media/slow.mp3`, file, { maxBytes: 10_000_000, timeoutMs: 400 }),
    ).rejects.toMatchObject({ code: 'import_too_slow' });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('streams a whole file with its progress, and names HTTP errors with their status', async () => {
    const seen: number[] = [];
    const got = await fetchToFile(open, `${site.url}/media/voice-note.wav`, path.join(dir, 'note'), {
      maxBytes: 10_000_000,
      timeoutMs: 10_000,
      onProgress: (received) => seen.push(received),
    });
    expect(got.size).toBe((await stat(path.join(dir, 'note'))).size);
    expect(seen.at(-1)).toBe(got.size);
    await expect(
      fetchToFile(open, `${site.url}/nothing.wav`, path.join(dir, 'none'), {
        maxBytes: 1000,
        timeoutMs: 10_000,
      }),
    ).rejects.toMatchObject({ code: 'import_remote_error', params: { status: 404 } });
  });
});
