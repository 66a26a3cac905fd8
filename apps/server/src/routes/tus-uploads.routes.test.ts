import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { signUp } from '../../test/http.ts';
import { readUntil } from '../../test/wait.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('resumable uploads (tus)', () => {
  let t: TestContext;
  let base: string;
  let owner: string;
  let stranger: string;
  let dir: string;
  let speech: Buffer;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'voxpress-tus-'));
    speech = readFileSync(
      await makeAudioFile('The garden needs water every morning before work.', 'mp3', dir),
    );
    t = await createTestContext('pglite', {
      env: { AUTH_RATE_LIMIT: '1000', SPEECH_ENGINES: 'pocketsphinx' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUp(t.app, 'owner@example.com');
    stranger = await signUp(t.app, 'stranger@example.com');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tus = (token: string | null, extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  });
  const create = (token: string | null, length: number) =>
    fetch(`${base}/api/v1/uploads`, {
      method: 'POST',
      headers: tus(token, {
        'upload-length': String(length),
        'upload-metadata': `filename ${b64('garden.mp3')},language ${b64('en-US')},title ${b64('Garden notes')}`,
      }),
    });
  const offsetOf = async (url: string, token: string) => fetch(url, { method: 'HEAD', headers: tus(token) });

  /** Sends `bytes` from `offset`, then cuts the connection after `cutAfter` bytes (a dropped line). */
  const patchCut = (url: string, token: string, offset: number, bytes: Buffer, cutAfter: number) =>
    new Promise<void>((resolve) => {
      const req = httpRequest(url, {
        method: 'PATCH',
        headers: tus(token, {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        }),
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(bytes.subarray(0, cutAfter), () => {
        // The line drops once the server has had time to write what arrived.
        setImmediate(() => req.destroy());
      });
    });

  it('resumes a transfer cut mid-way from the offset the server kept, then transcribes the item', async () => {
    const created = await create(owner, speech.length);
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location') ?? '', base).href;
    expect(url).toMatch(/\/api\/v1\/uploads\/[^/]+$/);

    // The first half arrives whole; the second is cut a quarter of the way in (a dropped line).
    const half = Math.floor(speech.length / 2);
    const first = await fetch(url, {
      method: 'PATCH',
      headers: tus(owner, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: speech.subarray(0, half),
    });
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    await patchCut(url, owner, half, speech.subarray(half), Math.floor((speech.length - half) / 2));
    // The server says how far it got; the client goes on from there.
    const kept = Number((await offsetOf(url, owner)).headers.get('upload-offset'));
    console.log(`[tus] ${speech.length} bytes; cut in the second half; server kept ${kept}`);
    expect(kept).toBeGreaterThanOrEqual(half);
    expect(kept).toBeLessThan(speech.length);

    // Another account cannot see or continue it; no token is 401.
    expect((await offsetOf(url, stranger)).status).toBe(404);
    expect((await fetch(url, { method: 'HEAD', headers: tus(null) })).status).toBe(401);

    const rest = await fetch(url, {
      method: 'PATCH',
      headers: tus(owner, {
        'upload-offset': String(kept),
        'content-type': 'application/offset+octet-stream',
      }),
      body: speech.subarray(kept),
    });
    expect(rest.status).toBe(200);
    const audio = (
      (await rest.json()) as { data: { audio_id: string; title: string; file_size_bytes: number } }
    ).data;
    expect(audio).toMatchObject({ title: 'Garden notes', file_size_bytes: speech.length });

    const get = (p: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/${audio.audio_id}${p}`,
        headers: { authorization: `Bearer ${owner}` },
      });
    const done = await readUntil(
      async () => (await get('')).json() as { status: string },
      (a) => a.status === 'completed' || a.status === 'failed',
      { timeoutMs: 90_000 },
    );
    expect(done.status).toBe('completed');
    const said = JSON.stringify((await get('/transcription')).json()).toLowerCase();
    console.log(`[tus] transcript: ${said.slice(0, 200)}`);
    for (const word of ['garden', 'water', 'morning']) expect(said).toContain(word);
  }, 150_000);

  it('holds a resumable upload to the same limit and type check as a form upload', async () => {
    const tooBig = await create(owner, 101 * 1024 * 1024);
    expect(tooBig.status).toBe(413);

    const text = Buffer.from('Plain words wearing an .mp3 name.\n'.repeat(40));
    const created = await create(owner, text.length);
    const url = new URL(created.headers.get('location') ?? '', base).href;
    const sent = await fetch(url, {
      method: 'PATCH',
      headers: tus(owner, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: text,
    });
    expect(sent.status).toBe(415);
    expect(await sent.json()).toMatchObject({
      code: 'unsupported_format',
      detail: 'Please upload a valid audio file (MP3, WAV, M4A, or OGG).',
    });
    expect((await create(null, 10)).status).toBe(401);
  });
});
