import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers } from '../../../test/harness.ts';
import { signUp } from '../../../test/http.ts';
import { jobs } from '../../db/schema.ts';
import { findModel } from '../../engines/speech/whisper-models.ts';
import { findLocalModel, localModelPath } from '../../engines/writer/local/local-models.ts';
import { localModelDownloadJob } from '../../jobs/local-model-download.job.ts';
import { transcribeJob } from '../../jobs/transcribe.job.ts';
import { speechModelDownloadMessage } from '../engines/speech-download-message.ts';

interface Listed {
  name: string;
  kind: string;
  state: string;
  configured: boolean;
  in_use: boolean;
  recommended: boolean;
  ram_bytes: number | null;
  download: { job_id: string; status: string; progress: number; error: string | null } | null;
}
interface Impl {
  id: string;
  state: string;
  reason: string;
  detail?: string;
  model?: { name: string; state: string; percent?: number; reason?: string };
}

/** A model file of the catalogue's exact size, sparse: the state of a finished download, no bytes. */
async function placeModel(file: string, bytes: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'w');
  await handle.truncate(bytes);
  await handle.close();
}

async function server(driver: (typeof drivers)[number], env: Record<string, string>) {
  const t = await createTestContext(driver, {
    startWorkers: false,
    env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false', JOB_CONCURRENCY: '1', ...env },
  });
  const admin = await signUp(t.app, 'admin@example.com');
  const user = await signUp(t.app, 'user@example.com');
  const get = async (url: string, token = admin) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
  const models = async () => ((await get('/admin/models')).models as Listed[]) ?? [];
  const impl = async (kind: string, id: string, token = admin): Promise<Impl | undefined> =>
    ((await get('/system/engines', token)).ports as { kind: string; implementations: Impl[] }[])
      .find((p) => p.kind === kind)
      ?.implementations.find((i) => i.id === id);
  const placeBoth = async () => {
    const whisper = findModel('base');
    const local = findLocalModel('qwen3-1.7b-q4');
    if (!whisper || !local || !t.ctx.config.llm.local) throw new Error('catalogue changed');
    await placeModel(path.join(t.ctx.config.speech.whisper.modelsDir, whisper.file), whisper.bytes);
    await placeModel(localModelPath(t.ctx.config.llm.local.modelsDir, local), local.bytes);
  };
  return { t, admin, user, get, models, impl, placeBoth };
}

describe.each(drivers)('which model is in use, as the routers pick (%s)', (driver) => {
  let alone: Awaited<ReturnType<typeof server>>;
  let remote: Awaited<ReturnType<typeof server>>;
  beforeAll(async () => {
    const models = { WHISPER_MODEL: 'base', LLM_LOCAL_MODEL: 'qwen3-1.7b-q4' };
    alone = await server(driver, models);
    // The same models on disk, behind a remote language model and a remote speech server.
    remote = await server(driver, {
      ...models,
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'gpt-test',
      OPENAI_STT_BASE_URL: 'http://127.0.0.1:9/v1',
      SPEECH_ENGINES: 'openai,whisper,pocketsphinx',
    });
    await alone.placeBoth();
    await remote.placeBoth();
  }, 180_000);
  afterAll(async () => {
    await alone?.t.close();
    await remote?.t.close();
  });

  it('marks the downloaded models in use when nothing comes before them', async () => {
    const listed = await alone.models();
    expect(listed.find((m) => m.name === 'base')).toMatchObject({
      state: 'ready',
      configured: true,
      in_use: true,
    });
    expect(listed.find((m) => m.name === 'qwen3-1.7b-q4')).toMatchObject({
      state: 'ready',
      configured: true,
      in_use: true,
    });
    expect(listed.filter((m) => m.in_use).map((m) => m.name)).toEqual(['base', 'qwen3-1.7b-q4']);
    expect((await alone.impl('writer', 'local'))?.state).toBe('active');
  });

  it('does not, while a remote language model writes and a remote speech server transcribes first', async () => {
    const listed = await remote.models();
    expect(listed.find((m) => m.name === 'base')).toMatchObject({
      state: 'ready',
      configured: true,
      in_use: false,
    });
    expect(listed.find((m) => m.name === 'qwen3-1.7b-q4')).toMatchObject({
      state: 'ready',
      configured: true,
      in_use: false,
    });
    expect(listed.some((m) => m.in_use)).toBe(false);
    // The engines view agrees: the remote ones serve.
    expect((await remote.impl('writer', 'openai'))?.state).toBe('active');
    expect((await remote.impl('writer', 'local'))?.state).toBe('available');
    expect((await remote.impl('speech', 'openai'))?.state).toBe('active');
  });

  it("marks the machine's whisper model and gives whisper.cpp's published memory where there is one", async () => {
    const listed = await alone.models();
    const speech = listed.filter((m) => m.kind === 'speech');
    expect(speech.filter((m) => m.recommended)).toHaveLength(1);
    expect(speech.find((m) => m.name === 'base')?.ram_bytes).toBe(388e6);
    expect(speech.find((m) => m.name === 'large-v3-turbo')?.ram_bytes).toBeNull();
  });
});

describe.each(drivers)(
  'download progress run by another process, read from the stored job (%s)',
  (driver) => {
    let s: Awaited<ReturnType<typeof server>>;
    beforeAll(async () => {
      // No workers here: whatever downloads runs elsewhere, and this process only reads the jobs.
      s = await server(driver, { WHISPER_MODEL: 'small', LLM_LOCAL_MODEL: 'qwen3-4b' });
    }, 180_000);
    afterAll(() => s?.t.close());

    const insertJob = async (
      values: Partial<typeof jobs.$inferInsert> & { name: string; payload: unknown },
    ) => {
      const [row] = await s.t.ctx.database.db
        .insert(jobs)
        .values({ maxAttempts: 1, timeoutMs: 60_000, status: 'running', ...values })
        .returning();
      if (!row) throw new Error('no job');
      return row;
    };

    it('shows the same percent in the engines view and the models list as the job that downloads', async () => {
      const small = findModel('small');
      if (!small) throw new Error('catalogue changed');
      // A worker downloading the language model for the administrator, and a transcription
      // fetching the speech model on first use.
      const language = await insertJob({
        name: localModelDownloadJob.name,
        payload: { model: 'qwen3-4b' },
        progress: 41,
      });
      await insertJob({
        name: transcribeJob.name,
        payload: { audioId: '00000000-0000-4000-8000-000000000000' },
        progress: 5,
        progressMessage: speechModelDownloadMessage('small', small.bytes, 63),
      });

      for (const token of [s.admin, s.user]) {
        expect(await s.impl('writer', 'local', token)).toMatchObject({
          state: 'missing',
          reason: 'Built-in model qwen3-4b: downloading 41 %',
          model: { name: 'qwen3-4b', state: 'downloading', percent: 41 },
        });
        expect(await s.impl('translator', 'llm', token)).toMatchObject({
          model: { name: 'qwen3-4b', state: 'downloading', percent: 41 },
        });
        expect(await s.impl('speech', 'whisper', token)).toMatchObject({
          reason: 'Model small is downloading: 63 %',
          model: { name: 'small', state: 'downloading', percent: 63 },
        });
      }
      const listed = await s.models();
      expect(listed.find((m) => m.name === 'qwen3-4b')).toMatchObject({
        state: 'downloading',
        download: { job_id: language.id, status: 'running', progress: 41 },
      });
      expect(listed.find((m) => m.name === 'small')).toMatchObject({
        state: 'downloading',
        download: { status: 'running', progress: 63 },
      });
      const whisper = (await s.get('/admin/whisper-models')).models as Listed[];
      expect(whisper.find((m) => m.name === 'small')?.download).toMatchObject({ progress: 63 });

      // The worker moves on: every process reads the new percent.
      await s.t.ctx.database.db.update(jobs).set({ progress: 77 }).where(eq(jobs.id, language.id));
      expect((await s.impl('writer', 'local'))?.model).toMatchObject({ state: 'downloading', percent: 77 });
    });

    it('says a download that failed elsewhere failed, with its reason for the administrator only', async () => {
      await s.t.ctx.database.db
        .update(jobs)
        .set({ status: 'failed', error: 'The download of built-in model qwen3-4b ran out of disk space' })
        .where(eq(jobs.name, localModelDownloadJob.name));
      const admin = await s.impl('writer', 'local');
      expect(admin).toMatchObject({
        reason: 'Built-in model qwen3-4b is not downloaded: its last download failed',
        model: { state: 'download_failed', reason: 'its last download failed' },
      });
      expect(admin?.detail).toContain('ran out of disk space');
      const user = await s.impl('writer', 'local', s.user);
      expect(JSON.stringify(user)).not.toContain('disk space');
      expect((await s.models()).find((m) => m.name === 'qwen3-4b')).toMatchObject({
        state: 'failed',
        download: {
          status: 'failed',
          error: 'The download of built-in model qwen3-4b ran out of disk space',
        },
      });
    });
  },
);
