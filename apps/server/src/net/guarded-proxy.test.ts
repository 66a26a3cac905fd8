import type { LookupAddress } from 'node:dns';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GuardedFetch } from './guarded-fetch.ts';
import { GuardedProxy } from './guarded-proxy.ts';

/** A resolver that answers every name with `address`, as a rebinding DNS server would. */
const resolvingTo = (address: string) =>
  ((_host: string, _opts: unknown, cb: (e: null, a: LookupAddress[]) => void) =>
    cb(null, [{ address, family: 4 }])) as never;

/** A plain `GET http://…` through the proxy, as a client configured with it sends it. */
function getThrough(proxy: GuardedProxy, url: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: url, headers: { host: new URL(url).host } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Opens a CONNECT tunnel and returns the proxy's status line and what came through after it. */
function tunnel(proxy: GuardedProxy, authority: string, send: string): Promise<string> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    let seen = '';
    let sent = false;
    socket.on('data', (chunk) => {
      seen += chunk.toString();
      if (!sent && seen.startsWith('HTTP/1.1 200') && seen.includes('\r\n\r\n')) {
        sent = true;
        socket.write(send);
      }
    });
    socket.on('end', () => resolve(seen));
    socket.on('close', () => resolve(seen));
    socket.on('error', reject);
  });
}

describe('guarded proxy (for programs that make their own requests)', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];
  let proxy: GuardedProxy | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.headers.host} ${req.url}`);
      if (req.url === '/big') res.writeHead(200).end(Buffer.alloc(256 * 1024, 1));
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(`at ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });

  it('refuses a name that resolves to loopback, for plain requests and tunnels, before connecting', async () => {
    const guard = new GuardedFetch({ allowPrivate: false, lookup: resolvingTo('127.0.0.1') });
    proxy = await GuardedProxy.start(guard, { maxBytes: 1024 * 1024, timeoutMs: 60_000 });
    const before = hits.length;
    const plain = await getThrough(proxy, `http://video.example:${port}/page`);
    expect(plain).toEqual({ status: 403, body: 'loopback' });
    const tunnelled = await tunnel(proxy, `video.example:${port}`, 'GET / HTTP/1.1\r\n\r\n');
    expect(tunnelled).toMatch(/^HTTP\/1\.1 403 Forbidden/);
    const literal = await getThrough(proxy, `http://10.0.0.9:${port}/page`);
    expect(literal.status).toBe(403);
    expect(hits.length).toBe(before);
    expect(proxy.events).toEqual([
      { method: 'GET', host: 'video.example', port, outcome: 'refused', reason: 'loopback' },
      { method: 'CONNECT', host: 'video.example', port, outcome: 'refused', reason: 'loopback' },
      { method: 'GET', host: '10.0.0.9', port, outcome: 'refused', reason: 'private' },
    ]);
    expect(proxy.refusal?.reason).toBe('loopback');
    expect(proxy.refusal?.host).toBe('video.example (127.0.0.1)');
  });

  it('relays to the checked address when private addresses are allowed, keeping the host name', async () => {
    const guard = new GuardedFetch({ allowPrivate: true, lookup: resolvingTo('127.0.0.1') });
    proxy = await GuardedProxy.start(guard, { maxBytes: 1024 * 1024, timeoutMs: 60_000 });
    expect(await getThrough(proxy, `http://video.example:${port}/page?x=1`)).toEqual({
      status: 200,
      body: 'at /page?x=1',
    });
    expect(hits.at(-1)).toBe(`video.example:${port} /page?x=1`);
    const tunnelled = await tunnel(
      proxy,
      `video.example:${port}`,
      'GET /inside HTTP/1.1\r\nHost: video.example\r\nConnection: close\r\n\r\n',
    );
    expect(tunnelled).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(tunnelled).toContain('at /inside');
    expect(proxy.events.map((e) => [e.method, e.outcome, e.address])).toEqual([
      ['GET', 'allowed', '127.0.0.1'],
      ['CONNECT', 'allowed', '127.0.0.1'],
    ]);
    expect(proxy.refusal).toBeNull();
  });

  it('cuts every connection past its byte limit, and takes none once closed', async () => {
    const guard = new GuardedFetch({ allowPrivate: true });
    proxy = await GuardedProxy.start(guard, { maxBytes: 64 * 1024, timeoutMs: 60_000 });
    const big = await getThrough(proxy, `http://127.0.0.1:${port}/big`).catch((err: Error) => err);
    if (!(big instanceof Error)) expect(big.body.length).toBeLessThan(256 * 1024);
    expect(proxy.cutShort).toBe('too_large');
    const url = proxy.url;
    await proxy.close();
    await expect(getThrough({ url } as GuardedProxy, `http://127.0.0.1:${port}/page`)).rejects.toThrow();
  });

  it('cuts every connection once its time is up', async () => {
    const guard = new GuardedFetch({ allowPrivate: true });
    // A request that never ends: the proxy's life ends it.
    const stalled = createServer((_req, res) => {
      res.writeHead(200);
      res.write('start');
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      proxy = await GuardedProxy.start(guard, { maxBytes: 1024 * 1024, timeoutMs: 300 });
      const stalledPort = (stalled.address() as AddressInfo).port;
      await getThrough(proxy, `http://127.0.0.1:${stalledPort}/`).catch(() => undefined);
      expect(proxy.cutShort).toBe('timeout');
    } finally {
      stalled.closeAllConnections();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
    }
  });
});
