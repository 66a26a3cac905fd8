import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { zEnv } from '../src/config/config.schema.ts';

// Docker cannot run on the test machines: these checks read the files as Docker would and hold
// them to what the README promises (Node 24, non-root, health checks, every role and service).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Dockerfile instructions, with continuation lines joined and comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op = '', ...rest] = l.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

describe('Dockerfile', () => {
  const steps = instructions(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const known = new Set([
    'FROM',
    'RUN',
    'CMD',
    'LABEL',
    'EXPOSE',
    'ENV',
    'ADD',
    'COPY',
    'ENTRYPOINT',
    'VOLUME',
    'USER',
    'WORKDIR',
    'ARG',
    'HEALTHCHECK',
    'SHELL',
    'STOPSIGNAL',
  ]);

  it('uses only Dockerfile instructions, in two stages on Node 24', () => {
    expect(steps.filter((s) => !known.has(s.op))).toEqual([]);
    const froms = steps.filter((s) => s.op === 'FROM').map((s) => s.args);
    expect(froms).toHaveLength(2);
    for (const from of froms) expect(from).toMatch(/^node:24-[a-z]+-slim\b/);
    expect(froms[0]).toMatch(/ AS build$/);
  });

  it('runs as a non-root user, with system ffmpeg and PocketSphinx, a health check and tini', () => {
    const final = steps.slice(steps.findLastIndex((s) => s.op === 'FROM'));
    const user = final.filter((s) => s.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
    const installs = final
      .filter((s) => s.op === 'RUN')
      .map((s) => s.args)
      .join(' ');
    for (const pkg of ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'tini'])
      expect(installs).toContain(pkg);
    expect(final.find((s) => s.op === 'HEALTHCHECK')?.args).toContain('/api/v1/health');
    expect(final.find((s) => s.op === 'CMD')?.args).toContain('apps/server/dist/main.js');
    // Every COPY --from names the build stage.
    for (const copy of final.filter((s) => s.op === 'COPY')) expect(copy.args).toMatch(/^--from=build /);
  });

  it('copies the migrations and the built web app the server reads at run time', () => {
    const copies = steps.filter((s) => s.op === 'COPY').map((s) => s.args);
    expect(copies).toContain('--from=build /app/apps/server/drizzle ./apps/server/drizzle');
    expect(copies).toContain('--from=build /app/apps/web/dist ./apps/web/dist');
  });
});

describe('compose.yaml', () => {
  const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; image?: string; build?: string }>;
  };
  const env = (name: string) => compose.services[name]?.environment ?? {};

  it('runs PostgreSQL, Redis, an S3-compatible store, API processes and workers', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'api', 'worker']),
    );
    expect(env('api').VOXPRESS_ROLES).toBe('api');
    expect(env('worker').VOXPRESS_ROLES).toBe('worker');
    expect(env('worker').WORKER_HEALTH_PORT).toBeDefined();
    for (const role of ['api', 'worker']) {
      expect(env(role).DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(env(role).REDIS_URL).toBe('redis://redis:6379');
      expect(env(role).S3_BUCKET).toBeTruthy();
    }
  });

  it('sets only variables Voxpress knows', () => {
    const known = new Set(Object.keys(zEnv.shape));
    for (const role of ['api', 'worker']) {
      expect(Object.keys(env(role)).filter((k) => !known.has(k))).toEqual([]);
    }
  });
});
