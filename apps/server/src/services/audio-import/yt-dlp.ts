import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { findExecutable } from '../../engines/speech/executables.ts';
import { ProgramError, runProgram } from '../../engines/translator/run-program.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Where yt-dlp is on this server's PATH, or null when the administrator has not installed it. */
export function findYtDlp(searchPath?: string): string | null {
  return findExecutable('yt-dlp', searchPath);
}

export const needsYtDlp = () =>
  new HttpError(
    422,
    'import_needs_ytdlp',
    'Importing from this site needs yt-dlp on the server; ask your administrator.',
  );

/**
 * Fetches the sound of a video site's page with yt-dlp into `dir`: audio only (the best audio
 * format, else the smallest whole file), one video (never a playlist), no configuration files,
 * the size limit handed to yt-dlp and a time limit on the whole run (its process group is killed
 * past it). Returns the file written and yt-dlp's name for the site.
 */
export async function fetchWithYtDlp(
  command: string,
  url: string,
  dir: string,
  limits: { maxBytes: number; timeoutMs: number; signal: AbortSignal },
): Promise<{ filePath: string; site: string | null }> {
  let out: string;
  try {
    out = await runProgram(
      command,
      [
        '--ignore-config',
        '--no-cache-dir',
        '--no-playlist',
        '--no-progress',
        '--no-warnings',
        '--restrict-filenames',
        '--socket-timeout',
        '30',
        '-f',
        'bestaudio/worst',
        '--max-filesize',
        String(limits.maxBytes),
        '-o',
        path.join(dir, 'media.%(ext)s'),
        '--print',
        'extractor_key',
        '--no-simulate',
        '--',
        url,
      ],
      { input: '', signal: limits.signal, timeoutMs: limits.timeoutMs, nice: true },
    );
  } catch (err) {
    if (err instanceof ProgramError && err.reason === 'timeout')
      throw new HttpError(
        504,
        'import_too_slow',
        'The video site sent the file too slowly, so the import stopped.',
      );
    if (err instanceof ProgramError && err.reason === 'missing') throw needsYtDlp();
    if (err instanceof ProgramError)
      throw new HttpError(
        502,
        'import_site_failed',
        "The video site's page could not be imported. Check the link, or try again later.",
      );
    throw err;
  }
  const [file] = (await readdir(dir)).filter((name) => name.startsWith('media.') && !name.endsWith('.part'));
  if (!file)
    // yt-dlp skips a file over --max-filesize without failing.
    throw new HttpError(413, 'import_too_large', 'The file at that link is too large for this server.', {
      max_bytes: limits.maxBytes,
    });
  const site =
    out
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? null;
  return { filePath: path.join(dir, file), site };
}
