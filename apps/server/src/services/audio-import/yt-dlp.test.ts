import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUntil } from '../../../test/wait.ts';
import { HttpError } from '../../lib/http-error.ts';
import { GuardedFetch } from '../../net/guarded-fetch.ts';
import type { ProxyEvent } from '../../net/guarded-proxy.ts';
import { fetchWithYtDlp, findYtDlp, readYtDlpVersion } from './yt-dlp.ts';

/**
 * yt-dlp itself (the Debian package, which CI installs), run against web pages on this machine:
 * its generic extractor finds the HTML5 <audio> or <video> in a page, and every request it makes
 * goes through the guarded proxy.
 */
describe('fetching a page with yt-dlp through the address guard', () => {
  const command = findYtDlp();
  let fixtures: string;
  let server: Server;
  let base = '';
  let media: Buffer;
  const hits: string[] = [];
  const open = new Set<ServerResponse>();

  beforeAll(async () => {
    if (!command) throw new Error('yt-dlp is not installed (apt-get install yt-dlp)');
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-ytdlp-'));
    media = readFileSync(
      await makeAudioFile('A short talk about working from home, read aloud for the test.', 'm4a', fixtures),
    );
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      open.add(res);
      res.on('close', () => open.delete(res));
      res.on('error', () => undefined);
      const page = (tag: string, src: string) =>
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!DOCTYPE html><html><head><title>A talk</title></head><body><h1>A talk</h1><${tag} controls src="${src}"></${tag}></body></html>`,
          );
      if (req.url === '/talk') page('audio', '/media/talk.m4a');
      else if (req.url === '/stalled') page('video', '/media/stalled.m4a');
      else if (req.url === '/media/talk.m4a')
        res.writeHead(200, { 'content-type': 'audio/mp4', 'content-length': media.length }).end(media);
      else if (req.url === '/media/stalled.m4a') {
        // The start of the file, then nothing: only a cancel or the time limit ends it.
        res.writeHead(200, { 'content-type': 'audio/mp4', 'content-length': media.length });
        res.write(media.subarray(0, 1024));
      } else res.writeHead(404).end('not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of open) res.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    if (fixtures) rmSync(fixtures, { recursive: true, force: true });
  });

  const run = async (
    url: string,
    options: { allowPrivate: boolean; maxBytes?: number; signal?: AbortSignal; config?: string },
  ) => {
    const dir = path.join(fixtures, `run-${Math.random().toString(36).slice(2)}`);
    await mkdir(dir);
    if (options.config) {
      // Where yt-dlp looks for a user's configuration (the run's home is `dir`).
      await mkdir(path.join(dir, '.config', 'yt-dlp'), { recursive: true });
      await writeFile(path.join(dir, '.config', 'yt-dlp', 'config'), options.config);
      await writeFile(path.join(dir, 'yt-dlp.conf'), options.config);
    }
    const events: ProxyEvent[] = [];
    const result = fetchWithYtDlp(command as string, url, dir, {
      guard: new GuardedFetch({ allowPrivate: options.allowPrivate }),
      maxBytes: options.maxBytes ?? 20 * 1024 * 1024,
      timeoutMs: 120_000,
      signal: options.signal ?? new AbortController().signal,
      onProxyEvents: (seen) => events.push(...seen),
    });
    return { dir, events, result };
  };

  it('knows its version', async () => {
    expect(await readYtDlpVersion(command as string)).toMatch(/^\d{4}\.\d{2}\.\d{2}/);
  });

  it('imports the audio of a page through the proxy when private addresses are allowed', async () => {
    const before = hits.length;
    // A configuration file that would write more files beside the sound is not read.
    const { dir, events, result } = await run(`${base}/talk`, {
      allowPrivate: true,
      config: '--write-info-json\n--write-description\n',
    });
    const got = await result;
    expect(path.dirname(got.filePath)).toBe(dir);
    expect(path.basename(got.filePath)).toBe('media.m4a');
    expect(readFileSync(got.filePath).equals(media)).toBe(true);
    expect(got.site).toMatch(/^(Generic|HTML5MediaEmbed)$/);
    expect(hits.slice(before)).toEqual(['/talk', '/media/talk.m4a']);
    // Both requests went through the proxy, which checked them and connected to the checked address.
    const { port } = new URL(base);
    expect(events).toEqual([
      { method: 'GET', host: '127.0.0.1', port: Number(port), outcome: 'allowed', address: '127.0.0.1' },
      { method: 'GET', host: '127.0.0.1', port: Number(port), outcome: 'allowed', address: '127.0.0.1' },
    ]);
    // Nothing is written beside the file: no configuration read, no cache, no partial download.
    expect(readdirSync(dir).filter((f) => f !== '.config' && f !== 'yt-dlp.conf')).toEqual(['media.m4a']);
  }, 180_000);

  it('is refused with the guard’s error when the proxy refuses loopback; the page is never asked for', async () => {
    const before = hits.length;
    const { events, result } = await run(`${base}/talk`, { allowPrivate: false });
    const err = await result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({
      statusCode: 422,
      code: 'import_address_forbidden',
      params: { host: '127.0.0.1', reason: 'loopback' },
    });
    expect((err as Error).message).toBe(
      '127.0.0.1 is a loopback address, which imports may not reach. Ask your administrator if it should be allowed.',
    );
    expect(events).toEqual([
      {
        method: 'GET',
        host: '127.0.0.1',
        port: Number(new URL(base).port),
        outcome: 'refused',
        reason: 'loopback',
      },
    ]);
    // yt-dlp's request really went to the proxy: the page's own server never saw it.
    expect(hits.length).toBe(before);
  }, 180_000);

  it('refuses a file over the size limit', async () => {
    const { result } = await run(`${base}/talk`, { allowPrivate: true, maxBytes: 4 * 1024 });
    await expect(result).rejects.toMatchObject({ statusCode: 413, code: 'import_too_large' });
  }, 180_000);

  it('stops yt-dlp when the import is cancelled mid-download', async () => {
    const controller = new AbortController();
    const { dir, result } = await run(`${base}/stalled`, { allowPrivate: true, signal: controller.signal });
    const settled = result.then(
      () => 'finished',
      (e: unknown) => e,
    );
    await readUntil(
      () => hits.includes('/media/stalled.m4a'),
      (asked) => asked,
      { timeoutMs: 120_000 },
    );
    controller.abort(new Error('cancelled by the user'));
    expect(await settled).toMatchObject({ message: 'cancelled by the user' });
    // No yt-dlp of this run is left.
    const running = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir);
        } catch {
          return false;
        }
      });
    expect(running).toEqual([]);
  }, 180_000);
});
