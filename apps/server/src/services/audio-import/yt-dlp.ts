import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { findExecutable } from '../../engines/speech/executables.ts';
import { ProgramError, runProgram } from '../../engines/translator/run-program.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { GuardedFetch } from '../../net/guarded-fetch.ts';
import { GuardedProxy, type ProxyEvent } from '../../net/guarded-proxy.ts';
import { importError } from './media-fetch.ts';

/** Where yt-dlp is on this server's PATH, or null when the administrator has not installed it. */
export function findYtDlp(searchPath?: string): string | null {
  return findExecutable('yt-dlp', searchPath);
}

const versions = new Map<string, { mtimeMs: number; version: Promise<string | null> }>();

/**
 * yt-dlp's version (`2023.03.04`), read once per program file (`yt-dlp --version`, a few seconds
 * for Python to start): null when it cannot be run.
 */
export function readYtDlpVersion(command: string): Promise<string | null> {
  let mtimeMs = 0;
  try {
    mtimeMs = statSync(command).mtimeMs;
  } catch {
    return Promise.resolve(null);
  }
  const cached = versions.get(command);
  if (cached && cached.mtimeMs === mtimeMs) return cached.version;
  const version = new Promise<string | null>((resolve) =>
    execFile(command, ['--ignore-config', '--version'], { timeout: 30_000 }, (err, stdout) =>
      resolve(err ? null : stdout.trim().split('\n')[0]?.trim() || null),
    ),
  );
  versions.set(command, { mtimeMs, version });
  return version;
}

export const needsYtDlp = () =>
  new HttpError(
    422,
    'import_needs_ytdlp',
    'Importing from this site needs yt-dlp on the server; ask your administrator.',
  );

/**
 * Ways of fetching yt-dlp makes itself through its proxy setting: plain HTTP(S), HLS and DASH read
 * by its own downloaders. RTMP, RTSP and MMS would go around the proxy, so they are never chosen.
 */
const PROXIED = "[protocol~='^(https?|m3u8|m3u8_native|http_dash_segments)$']";

/** Room for the pages, scripts and manifests yt-dlp reads beside the file itself. */
const PAGE_ALLOWANCE = 32 * 1024 * 1024;

export interface YtDlpLimits {
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
  /** The address guard every request of yt-dlp's goes through (by a proxy for this run only). */
  guard: GuardedFetch;
  /** Told what the proxy did with each request (for logs). */
  onProxyEvents?: (events: readonly ProxyEvent[]) => void;
}

/**
 * Fetches the sound of a video site's page with yt-dlp into `dir`: audio only (the best audio
 * format, else the smallest whole file), one video (never a playlist), no configuration files
 * read, nothing written outside `dir` (its home, cache and output are there), the size limit
 * handed to yt-dlp and a time limit on the whole run (its process group is killed past it, or on
 * cancel).
 *
 * Every request yt-dlp makes goes through a proxy on 127.0.0.1 that lives for this run only, with
 * the same time limit and a byte limit, and checks each destination with the address guard (after
 * DNS, and again for every redirect, which yt-dlp follows by asking the proxy again). When the
 * guard refused a destination the import fails with the guard's own error.
 * Returns the file written and yt-dlp's name for the site.
 */
export async function fetchWithYtDlp(
  command: string,
  url: string,
  dir: string,
  limits: YtDlpLimits,
): Promise<{ filePath: string; site: string | null }> {
  const proxy = await GuardedProxy.start(limits.guard, {
    maxBytes: limits.maxBytes + PAGE_ALLOWANCE,
    timeoutMs: limits.timeoutMs,
  });
  let out: string;
  try {
    out = await runProgram(
      // A clean environment: no proxy variables that could send requests around the guard, and
      // a home, cache and temporary folder inside `dir`.
      'env',
      [
        '-i',
        '-C',
        dir,
        `PATH=${process.env.PATH ?? '/usr/bin:/bin'}`,
        `HOME=${dir}`,
        `XDG_CACHE_HOME=${path.join(dir, '.cache')}`,
        `XDG_CONFIG_HOME=${path.join(dir, '.config')}`,
        `TMPDIR=${dir}`,
        'LANG=C.UTF-8',
        command,
        '--ignore-config',
        '--no-cache-dir',
        '--no-playlist',
        '--no-progress',
        '--no-warnings',
        '--no-mtime',
        '--restrict-filenames',
        '--proxy',
        proxy.url,
        '--socket-timeout',
        '30',
        '--downloader',
        'm3u8:native',
        '-f',
        `bestaudio${PROXIED}/worst${PROXIED}`,
        '--max-filesize',
        String(limits.maxBytes),
        '-P',
        dir,
        '-P',
        `temp:${dir}`,
        '-o',
        'media.%(ext)s',
        '--print',
        'extractor_key',
        '--no-simulate',
        '--',
        url,
      ],
      { input: '', signal: limits.signal, timeoutMs: limits.timeoutMs, nice: true },
    );
  } catch (err) {
    if (proxy.refusal) throw importError(proxy.refusal, url);
    if (err instanceof ProgramError && (err.reason === 'timeout' || proxy.cutShort === 'timeout'))
      throw new HttpError(
        504,
        'import_too_slow',
        'The video site sent the file too slowly, so the import stopped.',
      );
    if (proxy.cutShort === 'too_large') throw tooLarge(limits.maxBytes);
    if (err instanceof ProgramError && err.reason === 'missing') throw needsYtDlp();
    if (err instanceof ProgramError)
      throw new HttpError(
        502,
        'import_site_failed',
        "The video site's page could not be imported. Check the link, or try again later.",
      );
    throw err;
  } finally {
    limits.onProxyEvents?.(proxy.events);
    await proxy.close();
  }
  const [file] = (await readdir(dir)).filter((name) => name.startsWith('media.') && !name.endsWith('.part'));
  if (!file)
    // yt-dlp skips a file over --max-filesize without failing.
    throw tooLarge(limits.maxBytes);
  const site =
    out
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? null;
  return { filePath: path.join(dir, file), site };
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'import_too_large', 'The file at that link is too large for this server.', {
    max_bytes: maxBytes,
  });
