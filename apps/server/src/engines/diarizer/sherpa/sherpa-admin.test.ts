import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../../test/harness.ts';
import { signUp } from '../../../../test/http.ts';
import { jobs } from '../../../db/schema.ts';
import { speakerModelDownloadJob } from '../../../jobs/speaker-model-download.job.ts';
import { writeToyModels } from './toy-models.ts';

interface Listed {
  name: string;
  kind: string;
  state: string;
  in_use: boolean;
  licence: string | null;
  bytes: number;
  download: { job_id: string; status: string; progress: number } | null;
}
interface Port {
  kind: string;
  active: string | null;
  implementations: { id: string; state: string; reason: string; model?: { name: string; state: string } }[];
}

describe.each(drivers)('the speaker models for the administrator (%s)', (driver) => {
  let t: TestContext;
  let admin: string;
  let user: string;
  const get = async (url: string, token = admin) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
  const speakerModels = async () =>
    ((await get('/admin/models')).models as Listed[]).filter((m) => m.kind === 'speakers');
  const speakersPort = async (token = admin) =>
    ((await get('/system/engines', token)).ports as Port[]).find((p) => p.kind === 'diarizer');

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    admin = await signUp(t.app, 'admin@example.com');
    user = await signUp(t.app, 'user@example.com');
  }, 180_000);
  afterAll(() => t?.close());

  it('lists both models, not downloaded; the built-in separator serves meanwhile', async () => {
    expect((await speakerModels()).map((m) => [m.name, m.state, m.in_use, m.licence])).toEqual([
      ['pyannote-segmentation-3-0', 'not_downloaded', false, 'MIT'],
      ['3dspeaker-eres2net-base', 'not_downloaded', false, 'Apache-2.0'],
    ]);
    const port = await speakersPort();
    expect(port?.active).toBe('builtin');
    expect(port?.implementations.find((i) => i.id === 'sherpa')).toMatchObject({
      reason: 'The speaker models are not downloaded',
      model: { name: 'pyannote-segmentation-3-0', state: 'not_downloaded' },
    });
  });

  it('queues a download as a job the administrator can follow, and shows its progress', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/models/pyannote-segmentation-3-0/download',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(202);
    const { job_id } = res.json() as { job_id: string };
    expect((await get(`/admin/jobs/${job_id}`)).status).toBe('queued');
    // Asking again while it waits hands back the same job.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/models/pyannote-segmentation-3-0/download',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((again.json() as { job_id: string }).job_id).toBe(job_id);
    // Not for users.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/models/pyannote-segmentation-3-0/download',
      headers: { authorization: `Bearer ${user}` },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(403);

    // A worker elsewhere takes it and reports 30 %: every process reads it from the stored job.
    await t.ctx.database.db.insert(jobs).values({
      name: speakerModelDownloadJob.name,
      payload: { model: '3dspeaker-eres2net-base' },
      status: 'running',
      progress: 30,
      maxAttempts: 1,
      timeoutMs: 60_000,
    });
    expect((await speakerModels()).map((m) => [m.name, m.state])).toEqual([
      ['pyannote-segmentation-3-0', 'downloading'],
      ['3dspeaker-eres2net-base', 'downloading'],
    ]);
  });

  it('uses sherpa-onnx once both models are in the models folder', async () => {
    await writeToyModels(t.ctx.config.speech.whisper.modelsDir);
    const listed = await speakerModels();
    expect(listed.every((m) => m.state === 'ready' && m.in_use && m.bytes > 0)).toBe(true);
    for (const token of [admin, user]) {
      const port = await speakersPort(token);
      expect(port?.active).toBe('sherpa');
    }
  });

  it('answers 404 for a model nobody knows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/models/no-such-model/download',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'model_unknown' });
  });
});
