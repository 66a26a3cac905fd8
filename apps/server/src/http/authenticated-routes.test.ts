import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * The `/api/v1` routes anyone may call without signing in. Every other route must turn a request
 * without credentials away with 401; a route added to this list is a deliberate decision.
 */
const PUBLIC_ROUTES = new Set<string>([
  ...['/health', '/system/config', '/system/speech-languages', '/system/translation-languages']
    .concat(['/avatars/:userId/:file'])
    .concat(
      [
        'react/sizes',
        'react/content-types',
        'custom/audiences',
        'custom/cultural-contexts',
        'cuisine-types',
      ].map((path) => `/infographics/${path}`),
    )
    .flatMap((path) => [`GET /api/v1${path}`, `HEAD /api/v1${path}`]),
  ...['register', 'login', 'google', 'refresh', 'logout', 'password/forgot', 'password/reset'].map(
    (path) => `POST /api/v1/auth/${path}`,
  ),
]);

/** Every route as `METHOD /path`, read from Fastify's own route tree. */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const url = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${url}`);
  }
  return routes;
}

/** An address for a route pattern: a well-formed id for each parameter, so validation passes. */
function addressOf(url: string): string {
  return url
    .replace(/:[A-Za-z_]+(?:\|:[A-Za-z_]+)*/gu, '00000000-0000-4000-8000-000000000000')
    .replace(/\*$/u, 'placeholder');
}

describe('authentication is the default for the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', { startWorkers: false });
  });
  afterAll(async () => t?.close());

  it('answers 401 without credentials on every route not listed as public', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) =>
      r.split(' ')[1]?.startsWith('/api/v1/'),
    );
    expect(routes.length).toBeGreaterThan(100);
    const open: string[] = [];
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(route)) continue;
      const [method, url] = route.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: addressOf(url),
        ...(method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401) open.push(`${route} → ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('still answers each public route without credentials', async () => {
    const routes = new Set(routesOf(t.app.printRoutes({ commonPrefix: false })));
    for (const route of PUBLIC_ROUTES) {
      expect(routes.has(route), route).toBe(true);
      const [method, url] = route.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: addressOf(url),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, route).not.toBe(401);
    }
  });
});
