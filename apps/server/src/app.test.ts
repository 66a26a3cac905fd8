import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EnginePort } from '@voxpress/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../test/harness.ts';
import { signUp } from '../test/http.ts';
import { generateOpenApi, OPENAPI_FILE } from '../test/openapi.ts';
import { findYtDlp } from './services/audio-import/yt-dlp.ts';

describe.each(drivers)('system routes on %s', (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false });
  });
  afterAll(async () => t?.close());

  it('reports health with the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { driver, ok: true },
      queue: { driver: 'embedded' },
    });
  });

  it('reports degraded health with 503 when the database is gone', async () => {
    const other = await createTestContext(driver, { startWorkers: false });
    await other.ctx.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    await other.app.close();
  });

  it('lists the engines serving each port', async () => {
    const token = await signUp(t.app, 'engines@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/system/engines',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const ports = res.json().ports as { port: string; kind: string; active: string }[];
    expect(ports.find((p) => p.port === 'Database')?.active).toBe(driver);
    expect(ports.map((p) => p.kind)).toEqual([
      'speech',
      'writer',
      'translator',
      'renderer',
      'diarizer',
      'embedder',
      'importer',
      'publisher',
      'storage',
      'database',
      'queue',
    ]);
    // No embedding model here: the built-in one is not downloaded, and on the suite's PostgreSQL
    // (no pgvector) nothing could hold its vectors; either way, meaning search is not on.
    const meaning = (res.json().ports as EnginePort[]).find((p) => p.kind === 'embedder');
    expect(meaning?.active).toBeNull();
    expect(meaning?.implementations.find((i) => i.id === 'builtin')).toMatchObject({
      state: 'missing',
      reason: 'Embedding model embeddinggemma-300m: not downloaded: 318 MB',
    });
    // yt-dlp (which CI installs) is shown with its version and where it is; without it, pages of
    // video sites cannot be imported, and the view says so.
    const ytDlp = findYtDlp();
    expect((res.json().ports as EnginePort[]).find((p) => p.kind === 'importer')).toMatchObject(
      ytDlp
        ? {
            port: 'Imports from video sites',
            active: 'yt-dlp',
            implementations: [
              {
                id: 'yt-dlp',
                state: 'active',
                detail: expect.stringMatching(
                  new RegExp(`^yt-dlp \\d{4}\\.\\d{2}\\.\\d{2}\\S*, found at ${ytDlp}$`),
                ),
              },
            ],
          }
        : {
            port: 'Imports from video sites',
            active: null,
            implementations: [{ id: 'yt-dlp', state: 'missing', detail: 'yt-dlp was not found on PATH' }],
          },
    );
    expect(ports.find((p) => p.kind === 'renderer')?.active).toBe('takumi');
    // Every publishing platform needs nothing on the server; users connect their own sites.
    expect((res.json().ports as EnginePort[]).find((p) => p.kind === 'publisher')).toMatchObject({
      port: 'Publishing',
      active: null,
      implementations: [
        { id: 'wordpress', name: 'WordPress', state: 'available' },
        { id: 'ghost', name: 'Ghost', state: 'available' },
      ],
    });
    // The built-in voice separator finds speakers with nothing to download, and says where it is
    // weak; sherpa-onnx, first in the order, waits for its two models.
    const diarizer = (res.json().ports as EnginePort[]).find((p) => p.kind === 'diarizer');
    expect(diarizer).toMatchObject({ port: 'Speakers', active: 'builtin' });
    expect(diarizer?.implementations.find((i) => i.id === 'sherpa')).toMatchObject({
      state: 'missing',
      reason: 'The speaker models are not downloaded',
    });
    expect(diarizer?.implementations.find((i) => i.id === 'builtin')).toMatchObject({
      id: 'builtin',
      state: 'active',
      reason: expect.stringContaining('weaker on similar voices and overlapping speech'),
    });
    // Each writer says what it makes of every content type; the composer leaves four to a model.
    const writers =
      (res.json().ports as EnginePort[]).find((p) => p.kind === 'writer')?.implementations ?? [];
    const composer = writers.find((w) => w.id === 'composer');
    expect(composer?.content_types).toMatchObject({
      blog_post: 'arranged',
      recipe: 'arranged',
      story: 'needs_language_model',
    });
    for (const writer of writers.filter((w) => w.id !== 'composer'))
      expect(new Set(Object.values(writer.content_types ?? {}))).toEqual(new Set(['written']));
  });

  it('exposes only the client-safe configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/system/config' });
    expect(res.json()).toEqual({
      version: expect.any(String),
      google_client_id: null,
      max_upload_bytes: 104857600,
      max_recording_seconds: 300,
      max_recording_bytes: 52428800,
      max_audio_seconds: 10800,
      signups_open: true,
      password_reset: 'administrator',
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers unknown API routes with a 404 detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      detail: 'Not Found: GET /api/v1/nothing-here',
      code: 'not_found',
      params: { method: 'GET', path: '/api/v1/nothing-here' },
    });
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs and matches the checked-in openapi.json (run `npm run openapi` after API changes)', async () => {
    const current = await generateOpenApi();
    const checkedIn = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    expect(current).toEqual(checkedIn);
  });
});

describe('web app serving', () => {
  let t: TestContext;
  beforeAll(async () => {
    const webDir = path.join(process.env.TMPDIR ?? '/tmp', `voxpress-web-${process.pid}`);
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Voxpress</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    t = await createTestContext('pglite', { startWorkers: false, web: true, env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => t?.close());

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for client-side routes, revalidated', async () => {
    for (const url of ['/', '/home', '/settings?tab=account']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps 404 for missing files and API routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/missing' })).json()).toEqual({
      detail: 'Not Found: GET /api/v1/missing',
      code: 'not_found',
      params: { method: 'GET', path: '/api/v1/missing' },
    });
  });
});
