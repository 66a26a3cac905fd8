import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { postAudioFile, signUp } from '../../../test/http.ts';

/**
 * An OGG/Vorbis file of `minutes` of silence, made the fast way: one minute encoded, then
 * repeated by stream copy. Three hours come out under 1 MB.
 */
function longOgg(dir: string, minutes: number): Buffer {
  const one = path.join(dir, 'one-minute.ogg');
  const out = path.join(dir, `${minutes}-minutes.ogg`);
  const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
  execFileSync('ffmpeg', [
    ...quiet,
    ...['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '60', '-c:a', 'libvorbis', '-q:a', '-1', one],
  ]);
  execFileSync('ffmpeg', [...quiet, '-stream_loop', String(minutes - 1), '-i', one, '-c', 'copy', out]);
  return readFileSync(out);
}

/** A WAV of `seconds` of a quiet tone (16 kHz mono). */
function toneWav(dir: string, seconds: number): Buffer {
  const out = path.join(dir, `${seconds}-seconds.wav`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=16000:duration=${seconds}`],
    ...['-af', 'volume=0.1', '-ac', '1', out],
  ]);
  return readFileSync(out);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Everything the account keeps: its items, and the audio files in storage. */
async function kept(t: TestContext, token: string, userId: string) {
  const list = await t.app.inject({ method: 'GET', url: '/api/v1/audio', headers: auth(token) });
  const blobs: string[] = [];
  for await (const blob of t.ctx.blobs.list(`audio/${userId}/`)) blobs.push(blob.key);
  for await (const blob of t.ctx.blobs.list(`uploads/${userId}/`)) blobs.push(blob.key);
  return { items: list.json().total as number, blobs, scratch: await t.ctx.scratch.files() };
}

async function userId(t: TestContext, token: string): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: auth(token) })).json().id;
}

// The check runs on the uploaded file before anything is stored, so one database is enough here.
describe('the longest recording a server accepts (MAX_AUDIO_MINUTES)', () => {
  let fixtures: string;
  beforeAll(() => {
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-duration-'));
  });
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

  describe('at the default of 180 minutes', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext('pglite', { startWorkers: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('refuses a 1 MB OGG that plays for 3 h 1 min, names the limit, and keeps nothing', async () => {
      const ogg = longOgg(fixtures, 181);
      expect(ogg.length).toBeLessThan(2 * 1024 * 1024);
      const ada = await signUp(t.app, 'ada@example.com');
      const res = await postAudioFile(t.app, ada, { name: 'all-day.ogg', content: ogg });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail:
          'This recording is too long: it lasts 3 h 1 min, and this server accepts recordings of at most 180 minutes. Split it into shorter parts and upload them one by one.',
        code: 'audio_too_long',
        params: { limit_s: 10_800, duration_s: 10_860 },
      });
      expect(await kept(t, ada, await userId(t, ada))).toEqual({ items: 0, blobs: [], scratch: [] });
    }, 120_000);
  });

  describe('set to 1 minute', () => {
    let t: TestContext;
    let bob: string;
    beforeAll(async () => {
      t = await createTestContext('pglite', { startWorkers: false, env: { MAX_AUDIO_MINUTES: '1' } });
      bob = await signUp(t.app, 'bob@example.com');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('accepts a recording within the limit', async () => {
      const res = await postAudioFile(t.app, bob, { name: 'short.wav', content: toneWav(fixtures, 55) });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.duration_s).toBeCloseTo(55, 0);
    });

    it('refuses a signed-link upload past the limit at completion, and removes the item and its bytes', async () => {
      const wav = toneWav(fixtures, 70);
      const init = await t.app.inject({
        method: 'POST',
        url: '/api/v1/audio/upload',
        headers: auth(bob),
        payload: { title: 'A bit long', file_format: 'wav', file_size_bytes: wav.length },
      });
      const { audio_id, presigned_url, headers } = init.json();
      const put = await t.app.inject({ method: 'PUT', url: presigned_url, headers, payload: wav });
      expect(put.statusCode).toBe(200);
      expect((await kept(t, bob, await userId(t, bob))).blobs.some((k) => k.includes(audio_id))).toBe(true);
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/v1/audio/${audio_id}/complete`,
        headers: auth(bob),
      });
      expect(done.statusCode).toBe(422);
      // A WAV header says how long it is: the message says it too.
      expect(done.json()).toEqual({
        detail:
          'This recording is too long: it lasts 1 min 10 s, and this server accepts recordings of at most 1 minute. Split it into shorter parts and upload them one by one.',
        code: 'audio_too_long',
        params: { limit_s: 60, duration_s: 70 },
      });
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/v1/audio/${audio_id}`,
        headers: auth(bob),
      });
      expect(gone.statusCode).toBe(404);
      // What stays is the earlier recording alone.
      const after = await kept(t, bob, await userId(t, bob));
      expect(after).toMatchObject({ items: 1, scratch: [] });
      expect(after.blobs).toHaveLength(1);
      expect(after.blobs.some((k) => k.includes(audio_id))).toBe(false);
    });
  });
});
