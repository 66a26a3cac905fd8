import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, clientConfig, loadConfig, parseEnv } from './config.ts';
import { withConfigTable } from './config-docs.ts';

describe('configuration', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      VOXPRESS_DATA_DIR: './data',
      VOXPRESS_ROLES: ['api', 'worker'],
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('leaves a core free for the API: jobs and whisper.cpp threads default to one less than the cores', () => {
    const spare = Math.max(1, availableParallelism() - 1);
    const config = loadConfig({ VOXPRESS_SECRET: 'a-secret-that-is-long-enough-for-signing-0123456789' });
    expect(config.jobs.concurrency).toBe(spare);
    expect(config.speech.whisper.threads).toBe(spare);
    const set = loadConfig({
      VOXPRESS_SECRET: 'a-secret-that-is-long-enough-for-signing-0123456789',
      JOB_CONCURRENCY: '3',
      WHISPER_THREADS: '5',
    });
    expect(set.jobs.concurrency).toBe(3);
    expect(set.speech.whisper.threads).toBe(5);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        VOXPRESS_ROLES: 'api,cook',
        VOXPRESS_SECRET: 'short',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must start with postgres/);
    expect(problems.join('\n')).toMatch(/VOXPRESS_ROLES/);
    expect(problems.join('\n')).toMatch(/VOXPRESS_SECRET: must be at least 32 characters/);
  });

  it('refuses half a group of settings', () => {
    expect(() => parseEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ENDPOINT: has no effect without S3_BUCKET/,
    );
    expect(() => parseEnv({ OPENAI_STT_API_KEY: 'sk-x' })).toThrow(/without OPENAI_STT_BASE_URL/);
    expect(parseEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).S3_BUCKET).toBe(
      'b',
    );
  });

  it('refuses roles split across processes when what they share is not shared', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseEnv(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    // A worker alone on the embedded database: nobody else can fill its queue.
    expect(problems({ VOXPRESS_ROLES: 'worker' })).toEqual([
      expect.stringMatching(/^VOXPRESS_ROLES=worker: .*set DATABASE_URL/),
    ]);
    // An API alone on the embedded database is one process: jobs wait for a worker.
    expect(problems({ VOXPRESS_ROLES: 'api' })).toEqual([]);
    const pg = { DATABASE_URL: 'postgres://db/voxpress' };
    // Split across processes with files on local disk: only if the folder is said to be shared.
    for (const role of ['api', 'worker'])
      expect(problems({ ...pg, VOXPRESS_ROLES: role })).toEqual([
        expect.stringMatching(
          new RegExp(`^VOXPRESS_ROLES=${role}: files are kept on local disk.*BLOBS_SHARED=true`),
        ),
      ]);
    expect(problems({ ...pg, VOXPRESS_ROLES: 'worker', BLOBS_SHARED: 'true' })).toEqual([]);
    expect(problems({ ...pg, VOXPRESS_ROLES: 'api', S3_BUCKET: 'b' })).toEqual([]);
    expect(problems({ ...pg, VOXPRESS_ROLES: 'api,worker' })).toEqual([]);
    // Every problem is listed together, with the others.
    expect(problems({ VOXPRESS_ROLES: 'worker', BLOBS_SHARED: 'true', S3_BUCKET: 'b', PORT: 'x' })).toEqual([
      expect.stringMatching(/^PORT/),
      'BLOBS_SHARED: has no effect with S3_BUCKET',
      expect.stringMatching(/^VOXPRESS_ROLES=worker/),
    ]);
  });

  it('trusts no proxy unless TRUST_PROXY names one, by hop count or address', () => {
    const secret = { VOXPRESS_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).trustProxy).toBe(false);
    expect(loadConfig({ ...secret, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...secret, TRUST_PROXY: '10.0.0.0/8, ::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('keeps secrets out of the client subset', () => {
    const config = loadConfig({
      VOXPRESS_SECRET: 'x'.repeat(40),
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      DATABASE_URL: 'postgres://user:pw@db/voxpress',
    });
    const client = JSON.stringify(clientConfig(config));
    expect(client).toContain('abc.apps.googleusercontent.com');
    expect(client).not.toContain('x'.repeat(40));
    expect(client).not.toContain('pw@db');
  });

  it('is documented in the README (run `npm run config:docs` after changing the schema)', () => {
    const readme = readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'README.md'),
      'utf8',
    );
    expect(readme).toBe(withConfigTable(readme));
  });

  it('lets private addresses be reached with ALLOW_PRIVATE_ADDRESSES, and still reads PUBLISH_ALLOW_PRIVATE', () => {
    const secret = { VOXPRESS_SECRET: 'a-secret-that-is-long-enough-for-signing-0123456789' };
    expect(loadConfig(secret).publishAllowPrivate).toBe(false);
    expect(loadConfig({ ...secret, ALLOW_PRIVATE_ADDRESSES: 'true' }).publishAllowPrivate).toBe(true);
    expect(loadConfig({ ...secret, PUBLISH_ALLOW_PRIVATE: 'true' }).publishAllowPrivate).toBe(true);
    // The new name wins when both are set.
    expect(
      loadConfig({ ...secret, ALLOW_PRIVATE_ADDRESSES: 'false', PUBLISH_ALLOW_PRIVATE: 'true' })
        .publishAllowPrivate,
    ).toBe(false);
  });
});
