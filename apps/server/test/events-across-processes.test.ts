import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { closeContext, createContext } from '../src/boot.ts';
import { loadConfig } from '../src/config/config.ts';
import { createPostgresDatabase, drivers } from './harness.ts';
import { postAudioFile, signUp } from './http.ts';
import { redisAvailable, removeRedisKeys, TEST_REDIS_URL } from './redis.ts';
import { parseSse } from './sse.ts';

const legs: { name: string; env: Record<string, string> }[] = [];
if (drivers.includes('postgres')) {
  legs.push({ name: 'PostgreSQL LISTEN/NOTIFY', env: {} });
  if (await redisAvailable())
    legs.push({
      name: 'Redis pub/sub and BullMQ',
      // Redis is shared with other tests: keys and channels of its own.
      env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `vx-streams-${randomBytes(6).toString('hex')}` },
    });
}

// An API process and a separate worker process on one PostgreSQL database: the browser follows
// the status stream on the API process while the worker transcribes.
describe.skipIf(legs.length === 0).each(legs)('status stream across processes over $name', ({ env }) => {
  let close: () => Promise<void>;
  let api: Awaited<ReturnType<typeof buildApp>>;
  let wav: Buffer;

  beforeAll(async () => {
    const db = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-processes-'));
    const settings = (roles: string) =>
      loadConfig({
        VOXPRESS_DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        VOXPRESS_ROLES: roles,
        // Both processes run here, on one data folder.
        BLOBS_SHARED: 'true',
        LOG_LEVEL: 'silent',
        VOXPRESS_SECRET: `shared-secret-${randomBytes(24).toString('hex')}`.slice(0, 48),
        WHISPER_AUTO_DOWNLOAD: 'false',
        SPEECH_ENGINES: 'pocketsphinx',
        ...env,
      });
    const apiSettings = settings('api');
    const apiCtx = await createContext(apiSettings);
    const workerCtx = await createContext({ ...settings('worker'), secret: apiSettings.secret });
    api = await buildApp(apiCtx);
    await api.ready();
    await workerCtx.queue.start();
    wav = readFileSync(await makeAudioFile(FIXTURE_PARAGRAPH, 'wav', dataDir));
    close = async () => {
      await api.close();
      await closeContext(workerCtx);
      await closeContext(apiCtx);
      await db.drop();
      if (env.REDIS_PREFIX) await removeRedisKeys(env.REDIS_PREFIX);
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('follows a transcription done by another process to its complete event', async () => {
    const token = await signUp(api, `streams${randomBytes(4).toString('hex')}@example.com`);
    const upload = await postAudioFile(api, token, { name: 'talk.wav', content: wav }, { language: 'en-US' });
    expect(upload.statusCode).toBe(201);
    const id = upload.json().data.audio_id as string;

    const stream = await api.inject({ method: 'GET', url: `/api/v1/audio/${id}/status?token=${token}` });

    const { data, events } = parseSse(stream.body);
    expect(events).toEqual(['complete']);
    expect(data.at(-1)).toMatchObject({
      audio_id: id,
      status: 'completed',
      transcription_status: 'completed',
    });
    // The worker's progress reached the API process as it happened, not only the final state.
    expect(data.some((d) => d.transcription_status === 'processing')).toBe(true);
  });
});
