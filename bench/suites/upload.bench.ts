/**
 * A 100 MB upload through each path into the real server (a child process, API role only):
 * multipart `POST /files/upload/audio`, a presigned PUT to local storage, and a presigned PUT
 * straight to an S3-compatible server, each followed by the server's check of the bytes.
 * Reports throughput and the server's peak memory; a fresh server per path so each peak is its own.
 * "upload" ends when the last byte is sent (multipart) or the PUT is answered (presigned); "check"
 * is the rest of the multipart request, or `POST /audio/:id/complete`. MB here is 2^20 bytes, as
 * in the product's "100 MB" limit.
 */
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LIMITS, zAudio, zFileUploadResponse, zUploadInitResponse } from '@voxpress/contracts';
import { startS3Server } from '@voxpress/test-kit/s3-server';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { resetPeak, statusMb } from '../lib/proc-memory.ts';
import { registerUser, startServer, streamRequest } from '../lib/voxpress-server.ts';

const run = promisify(execFile);
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
const MB = 1024 * 1024;
/** 54.6 min of 16 kHz mono 16-bit audio: 104,832,044 bytes with the header, just under the limit. */
const FIXTURE_SAMPLES = 3276 * 16_000;
const FIXTURE_BYTES = 44 + FIXTURE_SAMPLES * 2;

/** What one path measured, in milliseconds. */
interface PathTiming {
  audioId: string;
  /** Until the last byte was sent (multipart) or the PUT was answered (presigned). */
  uploadMs: number;
  /** The server's check after the bytes arrived: the rest of the multipart request, or `/complete`. */
  checkMs: number;
  wallMs: number;
}

type UploadPath = (url: string, token: string, file: string, size: number) => Promise<PathTiming>;

export async function uploadBenchmark(): Promise<Record<string, string | number>> {
  const file = await uploadFixture();
  const size = statSync(file).size;
  if (size > LIMITS.maxUploadBytes) throw new Error(`${file} is over the upload limit`);
  const results: Record<string, string | number> = { 'file (MB, 16 kHz WAV)': (size / MB).toFixed(1) };
  Object.assign(results, await measure('multipart', multipart, file, size));
  Object.assign(results, await measure('presigned local', presigned, file, size));
  const s3 = await startS3Server();
  try {
    Object.assign(results, await measure('presigned S3', presigned, file, size, s3.env));
  } finally {
    await s3.close();
  }
  return results;
}

/** Runs one path against a fresh server and reads its memory before and after. */
async function measure(
  name: string,
  upload: UploadPath,
  file: string,
  size: number,
  env: Record<string, string> = {},
): Promise<Record<string, string | number>> {
  const server = await startServer(env);
  try {
    const token = await registerUser(server.url);
    const startupPeak = statusMb(server.pid, 'VmHWM');
    const before = statusMb(server.pid, 'VmRSS');
    // Without the reset, VmHWM would still hold the start-up peak (migrations) and hide the upload's.
    const reset = resetPeak(server.pid);
    const timing = await upload(server.url, token, file, size);
    const peak = statusMb(server.pid, 'VmHWM');
    const audio = zAudio.parse(await api(server.url, token, 'GET', `/audio/${timing.audioId}`));
    // Accepted: stored and queued for transcription (which no worker runs here).
    if (['pending_upload', 'failed'].includes(audio.status) || audio.file_size_bytes !== size) {
      throw new Error(`${name}: the server kept ${audio.file_size_bytes} bytes, status ${audio.status}`);
    }
    const s = (ms: number) => (ms / 1000).toFixed(2);
    return {
      [`${name}: upload (s)`]: s(timing.uploadMs),
      [`${name}: upload MB/s`]: (size / MB / (timing.uploadMs / 1000)).toFixed(1),
      [`${name}: check (s)`]: s(timing.checkMs),
      [`${name}: wall, all requests (s)`]: s(timing.wallMs),
      [`${name}: start-up peak RSS (MB)`]: startupPeak.toFixed(0),
      [`${name}: server RSS before (MB)`]: before.toFixed(0),
      [`${name}: server peak RSS (MB)`]: reset ? peak.toFixed(0) : `${peak.toFixed(0)} (incl. start-up)`,
      [`${name}: peak growth (MB)`]: (peak - before).toFixed(0),
    };
  } finally {
    await server.stop();
  }
}

/** Path (a): one multipart request, streamed from disk behind a hand-built envelope. */
const multipart: UploadPath = async (url, token, file, size) => {
  const boundary = `----voxpress-bench-${Date.now()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${field('title', 'Bench upload')}${field('language', 'en-US')}--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* createReadStream(file);
      yield tail;
    })(),
  );
  const res = await streamRequest(`${url}/api/v1/files/upload/audio`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
    body,
  });
  if (res.status !== 201) throw new Error(`multipart upload answered ${res.status}: ${res.body}`);
  const audioId = zFileUploadResponse.parse(JSON.parse(res.body)).data.id;
  return { audioId, uploadMs: res.sentMs, checkMs: res.totalMs - res.sentMs, wallMs: res.totalMs };
};

/** Paths (b) and (c): `POST /audio/upload`, PUT to the signed link, `POST /audio/:id/complete`. */
const presigned: UploadPath = async (url, token, file, size) => {
  const started = performance.now();
  const init = zUploadInitResponse.parse(
    await api(url, token, 'POST', '/audio/upload', {
      file_format: 'wav',
      file_size_bytes: size,
      title: 'Bench upload',
      language: 'en-US',
    }),
  );
  // A local-storage link is a path on the server unless PUBLIC_URL is set.
  const put = await streamRequest(new URL(init.presigned_url, url).toString(), {
    method: init.method,
    headers: { ...init.headers, 'content-length': size },
    body: createReadStream(file),
  });
  if (put.status !== 200) throw new Error(`PUT ${init.presigned_url} answered ${put.status}: ${put.body}`);
  const checkStarted = performance.now();
  await api(url, token, 'POST', `/audio/${init.audio_id}/complete`);
  const ended = performance.now();
  return {
    audioId: init.audio_id,
    uploadMs: put.totalMs,
    checkMs: ended - checkStarted,
    wallMs: ended - started,
  };
};

/** A JSON API call; throws on any status but 2xx. */
async function api(
  url: string,
  token: string,
  method: string,
  route: string,
  body?: object,
): Promise<unknown> {
  const res = await fetch(`${url}/api/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * A valid WAV just under 100 MB: two flite paragraphs (about 30 s) with a second of silence,
 * repeated for 54.6 minutes. Cached in bench/results/.
 */
async function uploadFixture(): Promise<string> {
  const out = path.join(RESULTS, 'upload-100mb.wav');
  if (existsSync(out) && statSync(out).size === FIXTURE_BYTES) return out;
  const speech = await makeSpeechWav(`${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2}`, RESULTS);
  const partial = `${out}.part`;
  const effects = ['pad', '0', '1', 'repeat', '120', 'trim', '0', `${FIXTURE_SAMPLES}s`];
  await run('sox', [speech, '-t', 'wav', partial, ...effects]);
  if (statSync(partial).size !== FIXTURE_BYTES) throw new Error(`sox made ${statSync(partial).size} bytes`);
  await rename(partial, out);
  return out;
}
