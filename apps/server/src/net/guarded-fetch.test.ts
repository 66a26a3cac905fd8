import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenReason } from './address-policy.ts';
import { ForbiddenDestinationError, GuardedFetch } from './guarded-fetch.ts';

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.100.1.1', 'carrier-grade NAT'],
    ['224.0.0.251', 'multicast'],
    ['0.0.0.0', 'this network'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'unique local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(forbiddenReason(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.215.14'])(
    'lets public %s through',
    (address) => {
      expect(forbiddenReason(address)).toBeNull();
    },
  );
});

/**
 * The guard refuses before any connection is made: none of these requests leaves the machine.
 * The one local server only proves a redirect to a private address is refused at the redirect.
 */
describe('guarded fetch', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/to-private') res.writeHead(302, { location: 'http://10.0.0.1/inside' }).end();
      else if (req.url === '/to-metadata')
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/to-self') res.writeHead(302, { location: '/landed' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(`at ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A resolver that answers every name with `address`, as a rebinding DNS server would. */
  const resolvingTo = (address: string, family = 4) =>
    ((_host: string, _opts: unknown, cb: (e: null, a: LookupAddress[]) => void) =>
      cb(null, [{ address, family }])) as never;

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.8/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://0x7f.1/',
  ])('refuses %s before connecting', async (url) => {
    const guard = new GuardedFetch({ allowPrivate: false });
    await expect(guard.fetch(url)).rejects.toBeInstanceOf(ForbiddenDestinationError);
    await guard.close();
  });

  it('refuses a name that resolves to 127.0.0.1, after resolving it', async () => {
    const guard = new GuardedFetch({ allowPrivate: false, lookup: resolvingTo('127.0.0.1') });
    const before = hits.length;
    const err = await guard.fetch(`http://publish-target.example:${port}/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ForbiddenDestinationError);
    expect((err as Error).message).toMatch(/127\.0\.0\.1.*loopback/);
    expect(hits.length).toBe(before);
    await guard.close();
  });

  it('refuses localhost by its resolved address', async () => {
    const guard = new GuardedFetch({ allowPrivate: false });
    await expect(guard.fetch(`http://localhost:${port}/`)).rejects.toBeInstanceOf(ForbiddenDestinationError);
    await guard.close();
  });

  it('follows redirects, each one checked', async () => {
    const guard = new GuardedFetch({ allowPrivate: true });
    const res = await guard.fetch(`http://127.0.0.1:${port}/to-self`);
    expect(await res.text()).toBe('at /landed');
    await guard.close();
  });

  it('follows a redirect from an allowed first hop and refuses its private target', async () => {
    // The first hop is let through; the redirects to 10.0.0.1 and 169.254.169.254 are checked
    // and refused before any connection to them.
    const guard = new RedirectProbe(port);
    const before = hits.length;
    await expect(guard.fetch(`http://127.0.0.1:${port}/to-private`)).rejects.toMatchObject({
      name: 'ForbiddenDestinationError',
      reason: 'private',
    });
    await expect(guard.fetch(`http://127.0.0.1:${port}/to-metadata`)).rejects.toMatchObject({
      reason: 'link-local',
    });
    expect(hits.slice(before)).toEqual(['/to-private', '/to-metadata']);
    await guard.close();
  });

  it('reaches a private address only when allowed', async () => {
    const guard = new GuardedFetch({ allowPrivate: true });
    const res = await guard.fetch(`http://127.0.0.1:${port}/hello`);
    expect(await res.text()).toBe('at /hello');
    await guard.close();
  });
});

/**
 * The guard with the test server's own address let through (as if it were public), so the
 * redirect it answers with is what gets checked.
 */
class RedirectProbe extends GuardedFetch {
  constructor(private readonly port: number) {
    super({ allowPrivate: false });
  }
  override checkUrl(url: string): URL {
    const parsed = new URL(url);
    if (parsed.hostname === '127.0.0.1' && Number(parsed.port) === this.port) return parsed;
    return super.checkUrl(url);
  }
}
