import { setImmediate as nextTurn } from 'node:timers/promises';
import { emptyParagraphsDocx } from '@voxpress/test-kit/document-bombs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { type Client, client } from '../../test/http.ts';

/** Documents built to explode cost a worker thread, never the API: it keeps answering meanwhile. */
describe('document uploads that are too much to read', () => {
  let t: TestContext;
  let ada: Client;

  beforeAll(async () => {
    t = await createTestContext('pglite', { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    ada = await client(t, 'ada@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Uploads `content` and polls /health until the upload answers: the health answers seen meanwhile. */
  async function uploadWhilePolling(name: string, content: Buffer) {
    let answered = false;
    const upload = ada.upload('/api/v1/files/upload/content', { name, content }).finally(() => {
      answered = true;
    });
    const healthy: number[] = [];
    while (!answered) {
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      if (!answered) healthy.push(health.statusCode);
      // Let the event loop take its other events (the worker's answer) between checks.
      await nextTurn();
    }
    return { res: await upload, healthy };
  }

  it('refuses a 2,000,000-paragraph DOCX with 413 document_too_complex', async () => {
    const bomb = await emptyParagraphsDocx(2_000_000);
    const { res, healthy } = await uploadWhilePolling('bomb.docx', bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'document_too_complex', params: { max_elements: 300_000 } });
    expect(res.json().detail).toMatch(/too large or complex/);
    expect(healthy.length).toBeGreaterThan(0);
    expect(healthy.every((s) => s === 200)).toBe(true);
  });

  it('keeps answering /health while a document that takes hundreds of MB to parse is read', {
    timeout: 300_000,
  }, async () => {
    // Under the markup limit, so it is really parsed: a tree of about 400 MB, in the worker.
    const heavy = await emptyParagraphsDocx(250_000);
    const { res, healthy } = await uploadWhilePolling('heavy.docx', heavy);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('document_empty');
    // The parse takes seconds; the event loop stays free for many health checks in between.
    expect(healthy.length).toBeGreaterThan(20);
    expect(healthy.every((s) => s === 200)).toBe(true);
  });

  it('imports a text file of single-line paragraphs as one block per line', async () => {
    const res = await ada.upload('/api/v1/files/upload/content', {
      name: 'list.txt',
      content: Buffer.from('Buy flour.\nFeed the starter.\nBake on Sunday.\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.blocks).toBe(3);
  });
});
