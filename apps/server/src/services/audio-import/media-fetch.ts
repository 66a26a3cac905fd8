import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '@voxpress/contracts';
import { fileTypeFromBuffer } from 'file-type';
import type { Response } from 'undici';
import { HttpError } from '../../lib/http-error.ts';
import {
  ForbiddenDestinationError,
  type GuardedFetch,
  OutboundRequestError,
} from '../../net/guarded-fetch.ts';
import { FEED_MAX_BYTES, looksLikeFeed, looksLikeHtml } from './feed-parse.ts';

/** Enough of a body to tell a feed, a page and a media file apart (file-type reads 4100 bytes). */
const SNIFF_BYTES = 16 * 1024;

/** What a link's first bytes say it is. */
export type Sniffed =
  | { kind: 'media'; mime: string; finalUrl: string }
  | { kind: 'feed'; xml: string; finalUrl: string }
  | { kind: 'page'; finalUrl: string };

export interface FetchLimits {
  maxBytes: number;
  /** For the whole request, the body included: a body that trickles in is cut off. */
  timeoutMs: number;
}

/**
 * Asks for the start of `url` (through the guard: every address and redirect checked) and reads it
 * to tell what it is, by its bytes: a feed (then read whole, bounded), a web page, or an audio or
 * video file. Only the first `SNIFF_BYTES` are asked for (`Range: bytes=0-…`): a media file is
 * fetched whole once, by the import job, so a podcast host counts one download and no file is
 * sent twice. A server that ignores the range is read no further than those bytes either.
 */
export async function sniffLink(guard: GuardedFetch, url: string, limits: FetchLimits): Promise<Sniffed> {
  const { response, finalUrl } = await open(guard, url, limits, {
    range: `bytes=0-${SNIFF_BYTES - 1}`,
    // A compressed range cannot be read on its own.
    'accept-encoding': 'identity',
  });
  const whole = wholeLength(response);
  if (whole !== null && whole > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(limits.maxBytes);
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  try {
    while (reader && total < SNIFF_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      chunks.push(value);
      total += value.byteLength;
    }
    const head = Buffer.concat(chunks);
    const type = await fileTypeFromBuffer(head).catch(() => undefined);
    if (type && /^(audio|video)\//.test(type.mime)) return { kind: 'media', mime: type.mime, finalUrl };
    const asText = head.toString('utf8');
    if (looksLikeFeed(asText)) {
      // The rest of a feed sent in part is asked for again, whole (feeds are small).
      const partial = response.status === 206 && !(ended || (whole !== null && total >= whole));
      if (partial) {
        await reader?.cancel().catch(() => undefined);
        return { kind: 'feed', xml: await readFeed(guard, finalUrl, limits), finalUrl };
      }
      while (reader && !ended) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > FEED_MAX_BYTES) throw tooLarge(FEED_MAX_BYTES);
        chunks.push(value);
      }
      return { kind: 'feed', xml: Buffer.concat(chunks).toString('utf8'), finalUrl };
    }
    if (looksLikeHtml(asText)) return { kind: 'page', finalUrl };
    throw notMedia();
  } catch (err) {
    throw importError(err, url);
  } finally {
    await reader?.cancel().catch(() => undefined);
  }
}

/** A whole feed, bounded by `FEED_MAX_BYTES`. */
async function readFeed(guard: GuardedFetch, url: string, limits: FetchLimits): Promise<string> {
  const { response } = await open(guard, url, limits);
  if (Number(response.headers.get('content-length') ?? 0) > FEED_MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(FEED_MAX_BYTES);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > FEED_MAX_BYTES) throw tooLarge(FEED_MAX_BYTES);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The length of the whole file: from `Content-Range` (`bytes 0-16383/52000`) for a part, from
 * `Content-Length` for a whole answer; null when the server does not say.
 */
function wholeLength(response: Response): number | null {
  if (response.status === 206) {
    const match = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '');
    return match ? Number(match[1]) : null;
  }
  const declared = response.headers.get('content-length');
  return declared === null ? null : Number(declared);
}

/**
 * Streams `url` into `filePath`, refusing it once it passes `maxBytes` (before reading, when the
 * server announces its length) or runs past the time limit. Reports bytes received as they come.
 */
export async function fetchToFile(
  guard: GuardedFetch,
  url: string,
  filePath: string,
  limits: FetchLimits & {
    signal?: AbortSignal;
    onProgress?: (received: number, total: number | null) => void;
  },
): Promise<{ size: number; finalUrl: string }> {
  const { response, finalUrl } = await open(guard, url, limits);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(limits.maxBytes);
  }
  let size = 0;
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  const file = createWriteStream(filePath);
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      if (size > limits.maxBytes) return done(tooLarge(limits.maxBytes));
      limits.onProgress?.(size, total);
      if (!file.write(chunk)) file.once('drain', () => done());
      else done();
    },
    final(done) {
      file.end(done);
    },
  });
  // A write that fails (a full disk), or one after the fetch was given up, ends the fetch.
  file.on('error', (err) => counter.destroy(err));
  try {
    if (!response.body) throw notMedia();
    await pipeline(response.body, counter);
    return { size, finalUrl };
  } catch (err) {
    file.destroy();
    await rm(filePath, { force: true });
    throw importError(err, url);
  }
}

async function open(
  guard: GuardedFetch,
  url: string,
  limits: FetchLimits & { signal?: AbortSignal },
  headers: Record<string, string> = {},
): Promise<{ response: Response; finalUrl: string }> {
  let response: Response;
  try {
    response = await guard.fetch(url, {
      timeoutMs: limits.timeoutMs,
      headers: { accept: '*/*', 'user-agent': 'Voxpress (import from a link)', ...headers },
      ...(limits.signal ? { signal: limits.signal } : {}),
    });
  } catch (err) {
    throw importError(err, url);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpError(
      502,
      'import_remote_error',
      `The site answered with an error (${response.status}). Check the link, or try again later.`,
      { status: response.status },
    );
  }
  return { response, finalUrl: response.url || url };
}

const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    'import_too_large',
    `The file at that link is too large: it must be smaller than ${formatBytes(maxBytes)}.`,
    { max_bytes: maxBytes },
  );

export const notMedia = () =>
  new HttpError(
    415,
    'import_not_media',
    'That link is not an audio or video file, a podcast feed or a video page that can be imported.',
  );

/** The guard's and the network's failures as the errors the user reads. */
export function importError(err: unknown, url: string): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof ForbiddenDestinationError)
    return new HttpError(
      422,
      'import_address_forbidden',
      `${err.host} is a ${err.reason} address, which imports may not reach. Ask your administrator if it should be allowed.`,
      { host: err.host, reason: err.reason },
    );
  const outbound = err instanceof OutboundRequestError ? err : undefined;
  const name = (err as { name?: string } | null)?.name;
  if (outbound?.kind === 'timeout' || name === 'TimeoutError')
    return new HttpError(
      504,
      'import_too_slow',
      'The site sent the file too slowly, so the import stopped. Try again later.',
    );
  if (outbound?.kind === 'too_large') return err;
  if (outbound && /web address|http and https|user name or password/.test(outbound.message))
    return new HttpError(422, 'import_url_invalid', outbound.message, { url: url.slice(0, 200) });
  if (outbound)
    return new HttpError(502, 'import_unreachable', `${outbound.message}. Check the address and try again.`);
  if (name === 'AbortError') return err;
  return new HttpError(
    502,
    'import_unreachable',
    'The site could not be reached. Check the address and try again.',
  );
}
