import { spawnSync } from 'node:child_process';
import { type LookupAddress, lookup } from 'node:dns';
import { once } from 'node:events';
import { connect, createServer, type LookupFunction, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { takeOutboundAttempts } from './outbound-guard.ts';

/** A `lookup` that resolves every name to `address` (as Node asks: one address, or all of them). */
const resolvesTo =
  (address: string): LookupFunction =>
  (_hostname, options, callback) =>
    options.all
      ? (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, [{ address, family: 4 }])
      : callback(null, address, 4);

const refused = /Tests may not reach the network: a connection to 203\.0\.113\.1 port 443 was refused/;

/** The error a socket ends with, or null when it connected. */
async function outcome(socket: Socket): Promise<Error | null> {
  const result = await new Promise<Error | null>((done) => {
    socket.once('connect', () => done(null));
    socket.once('error', done);
  });
  socket.destroy();
  return result;
}

describe('the test setup keeps tests off the network', () => {
  // The attempts these tests make on purpose would otherwise fail them after the fact.
  afterEach(() => {
    takeOutboundAttempts();
  });

  it('refuses a connection to a public address, naming it, and records the attempt', async () => {
    const error = await outcome(connect({ host: '203.0.113.1', port: 443 }));
    expect(error?.message).toMatch(refused);
    expect(takeOutboundAttempts()).toEqual([expect.stringMatching(refused)]);
  });

  it('refuses a public address that a custom lookup resolves a name to, and fetch to a public name', async () => {
    const pinned = connect({ host: 'example.test', port: 443, lookup: resolvesTo('203.0.113.1') });
    expect((await outcome(pinned))?.message).toMatch(/example\.test \(203\.0\.113\.1\) port 443 was refused/);
    const failed = await fetch('http://voxpress.example/').catch((error: Error) => error);
    expect(String((failed as Error).cause)).toMatch(/a DNS lookup of voxpress\.example was refused/);
    const looked = await new Promise<Error | null>((done) =>
      lookup('voxpress.example', (error) => done(error)),
    );
    expect(looked?.message).toMatch(/a DNS lookup of voxpress\.example was refused/);
  });

  it('lets loopback through: 127.0.0.1, localhost and a name a custom lookup resolves to loopback', async () => {
    const server = createServer((socket) => socket.end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    try {
      expect(await outcome(connect({ host: '127.0.0.1', port }))).toBeNull();
      expect(await outcome(connect(port, 'localhost'))).toBeNull();
      const local = connect({ host: 'fake.test', port, lookup: resolvesTo('127.0.0.1') });
      expect(await outcome(local)).toBeNull();
      expect(takeOutboundAttempts()).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('carries the guard into the Node processes a test starts', () => {
    const script =
      "require('node:net').connect(443, '203.0.113.1').on('error', (e) => console.log(e.message))";
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(child.stdout).toMatch(refused);
  });
});
