import { maxHeaderSize } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/** Sends `raw` over a plain socket and returns everything the server wrote back until it closed. */
function rawRequest(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err) => (chunks.length ? undefined : reject(err)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parse(response: string): { status: number; type: string | undefined; body: unknown } {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  const type = /^content-type: (.*)$/im.exec(head)?.[1];
  return { status, type, body: JSON.parse(body) };
}

/** Requests Node itself refuses before any route runs answer in the API's error shape too. */
describe('requests refused before routing', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestContext('pglite', { startWorkers: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  }, 180_000);
  afterAll(() => t?.close());

  it('answers headers over the limit with 431 and the headers_too_large code', async () => {
    const cookie = `session=${'a'.repeat(maxHeaderSize + 1)}`;
    const res = parse(
      await rawRequest(port, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`),
    );
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      detail: expect.stringMatching(/^Request headers are too large/),
      code: 'headers_too_large',
      params: { max_bytes: maxHeaderSize },
    });
  });

  it('answers a request line it cannot read with 400 and the bad_request code', async () => {
    const res = parse(await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: 'Bad request: the request could not be read',
      code: 'bad_request',
      params: {},
    });
  });

  it('still answers a request within the limit', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`, {
      headers: { cookie: `session=${'a'.repeat(4096)}` },
    });
    expect(res.status).toBe(200);
  });
});
