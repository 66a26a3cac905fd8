import { setTimeout as sleep } from 'node:timers/promises';
import type { InfographicJob } from '@voxpress/contracts';
import { stopProcess } from '@voxpress/test-kit/server-process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { infographicImages } from '../src/db/infographics.schema.ts';
import { jobs } from '../src/db/schema.ts';
import { drivers } from './harness.ts';
import { signUpAt } from './http.ts';
import { RECIPE_DOCUMENT } from './infographics-client.ts';
import { cleanupAfter, serverSetup, startServer } from './process-setup.ts';

describe.each(drivers)('an infographic job interrupted by a crash, on %s', (driver) => {
  const cleanups = cleanupAfter();

  it('resumes after a restart, keeps what was drawn and draws every variation exactly once', async () => {
    const { env, base, dataDir, databaseUrl } = await serverSetup(driver, cleanups, {
      JOB_LEASE_MS: '1500',
      OLLAMA_DISCOVERY: 'false',
    });

    const first = await startServer(env, cleanups);
    const token = await signUpAt(base, 'crash@example.com', 'C');
    const headers = { authorization: `Bearer ${token}` };
    const json = { ...headers, 'content-type': 'application/json' };
    const form = new FormData();
    form.set('file', new Blob([RECIPE_DOCUMENT], { type: 'text/plain' }), 'notes.txt');
    const doc = (await (
      await fetch(`${base}/api/v1/files/upload/content`, { method: 'POST', headers, body: form })
    ).json()) as {
      data: { transcription_id: string };
    };
    const enhanced = (await (
      await fetch(`${base}/api/v1/content/enhance`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          transcription_id: doc.data.transcription_id,
          content_type: 'recipe',
          language: ['en'],
        }),
      })
    ).json()) as { data: { content_id: string } };
    const contentId = enhanced.data.content_id;
    for (;;) {
      const c = (await (await fetch(`${base}/api/v1/content/${contentId}`, { headers })).json()) as {
        status: string;
      };
      if (c.status === 'completed') break;
      expect(c.status).not.toBe('failed');
      await sleep(100);
    }

    const submitted = (await (
      await fetch(`${base}/api/v1/infographics/queue/submit`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          content_id: contentId,
          variation_count: 10,
          sizes: ['1080x1080', '1080x1920', '1200x630'],
        }),
      })
    ).json()) as { job_id: string };
    const status = async () =>
      (await (
        await fetch(`${base}/api/v1/infographics/queue/status/${submitted.job_id}`, { headers })
      ).json()) as InfographicJob;

    // Kill it for real while it draws.
    let before: InfographicJob;
    for (;;) {
      before = await status();
      if (before.status === 'generating' && before.completed_variations >= 3) break;
      expect(before.status).not.toBe('completed');
      await sleep(20);
    }
    await stopProcess(first, 'SIGKILL');
    expect(before.completed_variations).toBeLessThan(30);

    const second = await startServer(env, cleanups);
    let after = await status();
    // Progress carries on from what the first run stored, never from zero.
    expect(after.completed_variations).toBeGreaterThanOrEqual(before.completed_variations);
    while (after.status !== 'completed' && after.status !== 'failed') {
      await sleep(200);
      after = await status();
    }
    expect(after).toMatchObject({
      status: 'completed',
      progress: 100,
      completed_variations: 30,
      total_variations: 30,
      current_step: 'Completed! Generated 30 variations.',
    });
    const drawn = after.results.map((r) => `${r.variation_index}@${r.size}`);
    expect(new Set(drawn).size).toBe(30);
    const image = await fetch(`${base}${after.results[29]?.infographic_url}`);
    expect(image.status).toBe(200);
    await stopProcess(second);

    const database = await openDatabase({ url: databaseUrl, dataDir });
    const rows = await database.db
      .select()
      .from(infographicImages)
      .where(eq(infographicImages.setId, submitted.job_id));
    const [job] = await database.db.select().from(jobs).where(eq(jobs.name, 'infographics.generate'));
    await database.close();
    expect(rows).toHaveLength(30);
    expect(job).toMatchObject({ status: 'completed', attempts: 2 });
  }, 180_000);
});
