import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Item, ItemList } from '@voxpress/contracts';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, postAudioFile, signUp } from '../../test/http.ts';

describe.each(drivers)('items on %s', (driver) => {
  let t: TestContext;
  let ada: string;
  let eve: string;
  let fixtures: string;
  let audioId: string;
  let documentId: string;

  const as = (token: string) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    send: (method: 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  });

  beforeAll(async () => {
    // No workers: the upload waits in the queue, which is all these tests need of it.
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    ada = await signUp(t.app, 'ada@example.com');
    eve = await signUp(t.app, 'eve@example.com');
    fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-items-'));
    const speech = readFileSync(await makeAudioFile('A short note about the garden.', 'wav', fixtures));
    const up = await postAudioFile(t.app, ada, { name: 'garden_walk.wav', content: speech });
    audioId = up.json().data.audio_id;
    const form = multipartBody(
      { language: 'en' },
      {
        field: 'file',
        name: 'Sourdough notes.md',
        content: Buffer.from('# Sourdough\n\nFeed the starter twice a day.\n\nBake at a high heat.'),
      },
    );
    const doc = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/content',
      headers: { authorization: `Bearer ${ada}`, 'content-type': form.contentType },
      payload: form.body,
    });
    documentId = doc.json().data.content_id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('lists recordings, uploads and documents together, newest first, and filters them', async () => {
    const all = (await as(ada).get('/api/v1/items')).json() as ItemList;
    expect(all.total).toBe(2);
    expect(all.items.map((i) => [i.kind, i.title])).toEqual([
      ['document', 'Sourdough notes'],
      ['audio', 'garden walk'],
    ]);
    expect(all.items[0]).toMatchObject({ transcription_id: documentId, audio: null, language: 'en' });
    expect(all.items[1]?.audio).toMatchObject({ audio_id: audioId, status: 'processing' });

    const kinds = async (query: string) =>
      ((await as(ada).get(`/api/v1/items?${query}`)).json() as ItemList).items.map((i) => i.kind);
    // A document is always ready: it counts as completed.
    expect(await kinds('status=completed')).toEqual(['document']);
    expect(await kinds('status=processing')).toEqual(['audio']);
    expect(await kinds('kind=audio')).toEqual(['audio']);
    expect(await kinds('kind=document&status=failed')).toEqual([]);
    const paged = (await as(ada).get('/api/v1/items?limit=1&page=2')).json() as ItemList;
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.items.map((i) => i.kind)).toEqual(['audio']);

    const found = (await as(ada).get('/api/v1/items?q=STARTER%20twice')).json() as ItemList;
    expect(found.items).toHaveLength(1);
    expect(found.items[0]?.match).toContain('Feed the starter twice a day');
    expect(((await as(eve).get('/api/v1/items')).json() as ItemList).items).toEqual([]);
  });

  it('opens either kind by id, and nobody else’s', async () => {
    const doc = await as(ada).get(`/api/v1/items/${documentId}`);
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ kind: 'document', title: 'Sourdough notes', description: null });
    const audio = (await as(ada).get(`/api/v1/items/${audioId}`)).json() as Item;
    expect(audio).toMatchObject({ kind: 'audio', id: audioId, transcription_id: null });

    for (const id of [documentId, audioId]) {
      const theirs = await as(eve).get(`/api/v1/items/${id}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ detail: 'Item not found', code: 'item_not_found' });
      expect((await as(eve).send('PUT', `/api/v1/items/${id}`, { title: 'Mine now' })).statusCode).toBe(404);
      expect((await as(eve).send('DELETE', `/api/v1/items/${id}`)).statusCode).toBe(404);
    }
    expect((await as(ada).get('/api/v1/items/not-an-id')).json()).toMatchObject({
      code: 'validation_failed',
    });
  });

  it('reads a document’s paragraphs as its transcript; audio not yet heard has none', async () => {
    const text = await as(ada).get(`/api/v1/items/${documentId}/transcription`);
    expect(text.statusCode).toBe(200);
    expect(text.json().paragraphs.map((p: { text: string }) => p.text)).toEqual([
      'Sourdough',
      'Feed the starter twice a day.',
      'Bake at a high heat.',
    ]);
    const none = await as(ada).get(`/api/v1/items/${audioId}/transcription`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('transcription_not_found');
  });

  it('renames and describes an item; the title it is given is kept', async () => {
    const renamed = await as(ada).send('PUT', `/api/v1/items/${audioId}`, {
      title: '  Walk in the garden ',
      description: 'Ideas for spring',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Walk in the garden', description: 'Ideas for spring' });
    // The transcript's first words replace only a stand-in title, never one a user gave.
    await t.ctx.audio.setStatus(audioId, {});
    const { AudioRepository } = await import('../repositories/audio.repository.ts');
    await new AudioRepository(t.ctx.database.db).replaceProvisionalTitle(audioId, 'A short note about');
    expect((await as(ada).get(`/api/v1/audio/${audioId}`)).json().title).toBe('Walk in the garden');

    const cleared = await as(ada).send('PUT', `/api/v1/items/${audioId}`, { description: '  ' });
    expect(cleared.json()).toMatchObject({ title: 'Walk in the garden', description: null });
    const doc = await as(ada).send('PUT', `/api/v1/items/${documentId}`, { description: 'From the bakery' });
    expect(doc.json()).toMatchObject({ kind: 'document', description: 'From the bakery' });
  });

  it('refuses a blank title, control characters and an empty change with 422', async () => {
    for (const body of [{ title: '   ' }, { title: 'Bad\u0000title' }, { title: 'Two\nlines' }, {}]) {
      const res = await as(ada).send('PUT', `/api/v1/items/${audioId}`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await as(ada).get(`/api/v1/items/${audioId}`)).json().title).toBe('Walk in the garden');
  });

  it('deletes a document with the content written from it', async () => {
    const enhance = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content/enhance',
      headers: { authorization: `Bearer ${ada}` },
      payload: { transcription_id: documentId, content_type: 'recipe' },
    });
    const contentId = enhance.json().data.content_id;
    expect((await as(ada).send('DELETE', `/api/v1/items/${documentId}`)).statusCode).toBe(200);
    expect((await as(ada).get(`/api/v1/items/${documentId}`)).statusCode).toBe(404);
    expect((await as(ada).get(`/api/v1/content/${contentId}`)).statusCode).toBe(404);
    expect((await as(ada).send('DELETE', `/api/v1/items/${audioId}`)).statusCode).toBe(200);
    expect(((await as(ada).get('/api/v1/items')).json() as ItemList).total).toBe(0);
  });
});
