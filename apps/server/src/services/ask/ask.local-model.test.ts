import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AskStreamEvent } from '@voxpress/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { seedRecording } from '../../../test/seed-recording.ts';
import { users } from '../../db/schema.ts';
import { LlmWriter } from '../../engines/writer/llm/llm.writer.ts';
import { LocalLlmProvider } from '../../engines/writer/local/local-provider.ts';
import { LocalLlmRuntime } from '../../engines/writer/local/local-runtime.ts';
import { writeToyModel } from '../../engines/writer/local/test/toy-gguf.ts';
import { AskService } from './ask.service.ts';

/** A short meeting, a line a segment: what the toy model is given to answer from. */
const SEGMENTS = [
  'We are about ten percent over on cloud costs, because of the test servers we forgot to turn off.',
  'Priya will review the cloud costs and send a summary to the whole team by Friday.',
  'We agreed to move the test servers to a smaller plan starting next week.',
].map((text, i) => ({ start: i * 6, end: i * 6 + 6, text, speaker: 'S1' }));

// The built-in model answers in its own process, held to a grammar made from the answer's schema:
// whatever a random-weight toy writes, the answer must hold to the passages retrieved.
describe('asking with the built-in local model (toy GGUF)', { timeout: 180_000 }, () => {
  let t: TestContext;
  let dir: string;
  let runtime: LocalLlmRuntime;
  let userId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'voxpress-ask-local-'));
    await writeToyModel(path.join(dir, 'toy.gguf'), { layers: 2, seed: 7 });
    t = await createTestContext('pglite', { startWorkers: false });
    const { db } = t.ctx.database;
    const [user] = await db
      .insert(users)
      .values({ email: 'ask-local@example.com', fullName: 'Ask Local', passwordHash: 'x' })
      .returning({ id: users.id });
    userId = user?.id ?? '';
    await seedRecording(db, userId, {
      title: 'Cloud costs',
      segments: SEGMENTS,
      speakers: [{ id: 'S1', name: 'Daniel', colour: '#0072B2' }],
      audio: { blobKey: `audio/${userId}/cloud.wav` },
    });
    runtime = new LocalLlmRuntime({ idleMs: 60_000, heapLimitMb: 256 });
  });
  afterAll(async () => {
    await runtime?.close();
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names the built-in model, and every sentence it keeps cites a passage retrieved', async () => {
    const provider = new LocalLlmProvider(
      {
        model: path.join(dir, 'toy.gguf'),
        modelChosen: false,
        modelsDir: dir,
        modelsUrl: 'http://127.0.0.1:9/models',
        autoDownload: false,
        threads: 1,
        contextTokens: 4096,
        idleMs: 60_000,
        gpu: false,
        temperature: 1,
        maxTokens: 700,
        seed: 11,
        heapLimitMb: 256,
        parallel: 1,
      },
      runtime,
    );
    expect((await provider.status()).state).toBe('ready');
    const llm = new LlmWriter(provider, { contextTokens: 4096, timeoutMs: 10 * 60_000, maxRetries: 0 });
    const ask = new AskService({
      db: t.ctx.database.db,
      languageModel: async () => llm,
      llm: { timeoutMs: 10 * 60_000, maxRetries: 0 },
    });
    const prepared = await ask.prepare(userId, { question: 'Who will review the cloud costs?' });
    expect(prepared.passages.length).toBeGreaterThan(0);
    const events: AskStreamEvent[] = [];
    const answer = await ask.answer(prepared, new AbortController().signal, (e) => events.push(e));

    expect(runtime.loads).toBe(1);
    expect(events[0]).toMatchObject({ event: 'passages', engine: { id: 'local', model: 'toy.gguf' } });
    // The toy writes noise: it may be held to nothing ("the recordings don't say"), but nothing it
    // keeps points anywhere but a passage given to it, at a segment's own second.
    expect(['answer', 'unsupported']).toContain(answer.mode);
    expect(answer.engine).toMatchObject({ id: 'local', name: 'Built-in local model', model: 'toy.gguf' });
    const given = new Set(answer.passages.map((p) => p.id));
    for (const sentence of answer.sentences) {
      expect(sentence.citations.length).toBeGreaterThan(0);
      for (const c of sentence.citations) {
        expect(given.has(c.passage_id)).toBe(true);
        expect(SEGMENTS.some((s) => s.start === c.start)).toBe(true);
      }
    }
  });
});
