import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { multipartBody, signUp } from '../../test/http.ts';

describe.each(drivers)('malformed upload requests get a 4xx, never a 500, on %s', (driver) => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false });
    token = await signUp(t.app, 'mal@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (contentType: string, payload: Buffer | string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/audio',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
  const expectClientError = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
  };

  it('answers a multipart body without a boundary with 400', async () => {
    const res = await post('multipart/form-data', 'hello');
    expectClientError(res);
    expect(res.statusCode).toBe(400);
  });

  it('answers a multipart body cut off in the middle of the file with 400, keeping no spool file', async () => {
    const form = multipartBody(
      { title: 'x' },
      { field: 'file', name: 'a.wav', content: Buffer.alloc(50_000, 1) },
    );
    const res = await post(form.contentType, form.body.subarray(0, 30_000));
    expectClientError(res);
    expect(res.statusCode).toBe(400);
    expect(await t.ctx.scratch.files()).toEqual([]);
  });

  it('answers a multipart body cut off in a part header with 400', async () => {
    const form = multipartBody({ title: 'x' });
    const res = await post(form.contentType, form.body.subarray(0, 40));
    expectClientError(res);
  });

  it('answers an upload key that decodes twice with 400 or 403', async () => {
    for (const url of [
      '/api/v1/storage/blobs/%25',
      '/api/v1/storage/blobs/%25zz/a%2',
      '/api/v1/storage/blobs/',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        payload: 'x',
        headers: { 'content-type': 'audio/wav' },
      });
      expectClientError(res);
    }
  });

  it('refuses a correctly signed key that climbs out with ../, writing nothing', async () => {
    const signingKey = createHmac('sha256', t.config.secret).update('voxpress blob upload links').digest();
    // `%2F` keeps the URL parser from resolving the dots before the server sees them.
    for (const key of ['audio/..%2F..%2Fescape.wav', '..%2Fescape.wav', 'audio%2F..%2F..%2Fescape.wav']) {
      const decoded = decodeURIComponent(key);
      const expires = String(Math.floor(Date.now() / 1000) + 600);
      const sig = createHmac('sha256', signingKey)
        .update(['PUT', decoded, expires, '10', 'audio/wav'].join('\n'))
        .digest('base64url');
      const query = new URLSearchParams({ expires, max: '10', type: 'audio/wav', sig });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/storage/blobs/${key}?${query}`,
        payload: 'x',
        headers: { 'content-type': 'audio/wav' },
      });
      expectClientError(res);
    }
    expect(readdirSync(path.dirname(t.dataDir)).filter((f) => f === 'escape.wav')).toEqual([]);
    expect(readdirSync(t.dataDir).filter((f) => f === 'escape.wav')).toEqual([]);
  });
});
