import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelListHandler } from '../../test/fake-llm-servers.ts';
import { HttpError } from '../lib/http-error.ts';
import { testLlmConnection } from './llm-destination.ts';

/**
 * A resolver for the test's names: `llm.test` is this machine, `metadata.test` is the cloud
 * metadata address, and `rebinding.test` is this machine when first asked and the metadata
 * address after that (a name whose owner changes its answer between the check and the request).
 */
function testResolver(): typeof dnsLookup & { asked: string[] } {
  const asked: string[] = [];
  let rebinds = 0;
  const lookup = ((hostname: string, options: unknown, callback: unknown) => {
    asked.push(hostname);
    const done = (typeof options === 'function' ? options : callback) as (
      err: NodeJS.ErrnoException | null,
      addresses: LookupAddress[],
    ) => void;
    const address =
      hostname === 'llm.test'
        ? '127.0.0.1'
        : hostname === 'metadata.test'
          ? '169.254.169.254'
          : hostname === 'rebinding.test'
            ? rebinds++ === 0
              ? '127.0.0.1'
              : '169.254.169.254'
            : null;
    if (!address) {
      const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return done(err, []);
    }
    done(null, [{ address, family: 4 }]);
  }) as unknown as typeof dnsLookup & { asked: string[] };
  lookup.asked = asked;
  return lookup;
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('the language-model connection test never reaches a cloud metadata address', () => {
  let llm: FakeHttpServer;
  let port: string;
  beforeAll(async () => {
    llm = await new FakeHttpServer().start();
    port = new URL(llm.url).port;
  });
  afterAll(() => llm?.stop());
  beforeEach(() => {
    llm.received.length = 0;
  });

  it('follows no redirect to 169.254.169.254, nor to a name that resolves there', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      `http://metadata.test:${port}/api/tags`,
    ]) {
      llm.received.length = 0;
      llm.handler = (_req, res) => {
        res.writeHead(302, { location: target }).end();
      };
      const err = await refusal(
        testLlmConnection('ollama', llm.url, undefined, { allowPrivate: false, lookup: testResolver() }),
      );
      expect(err.statusCode, target).toBe(422);
      expect(err.code, target).toBe('destination_forbidden');
      expect(err.message, target).toContain('169.254.169.254');
      expect(llm.received, target).toHaveLength(1);
    }
  });

  it('refuses a name that resolves to the metadata address, when typed or when it changes its answer', async () => {
    llm.handler = modelListHandler('ollama', ['llama3.2:latest']);
    for (const host of ['metadata.test', 'rebinding.test']) {
      const lookup = testResolver();
      const err = await refusal(
        testLlmConnection('ollama', `http://${host}:${port}`, undefined, { allowPrivate: false, lookup }),
      );
      expect(err.code, host).toBe('destination_forbidden');
      expect(err.message, host).toContain('169.254.169.254');
    }
    expect(llm.received).toHaveLength(0);
  });

  it('still asks this machine by name and by address, and says why a server cannot be reached', async () => {
    llm.handler = modelListHandler('ollama', ['llama3.2:latest']);
    const lookup = testResolver();
    const byName = await testLlmConnection('ollama', `http://llm.test:${port}`, undefined, {
      allowPrivate: false,
      lookup,
    });
    expect(byName).toEqual({ ok: true, models: ['llama3.2:latest'], error: null });
    expect(lookup.asked).toContain('llm.test');
    // A redirect within this machine is followed.
    llm.handler = (req, res) => {
      if (req.url === '/old/api/tags') return void res.writeHead(301, { location: '/api/tags' }).end();
      return modelListHandler('ollama', ['qwen3:4b'])(req, res);
    };
    const moved = await testLlmConnection('ollama', `${llm.url}/old`, undefined, { allowPrivate: false });
    expect(moved).toEqual({ ok: true, models: ['qwen3:4b'], error: null });

    const unknown = await testLlmConnection('ollama', 'http://nowhere.test:11434', undefined, {
      allowPrivate: false,
      lookup: testResolver(),
    });
    expect(unknown.ok).toBe(false);
    expect(unknown.error).toBe(
      'Could not reach http://nowhere.test:11434/api/tags: the host name could not be resolved (offline, or a typo in the address?).',
    );
  });
});
