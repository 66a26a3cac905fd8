import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RequestOptions } from '../api-client.ts';
import {
  type BodyOf,
  createRoutes,
  type QueryOf,
  type ResponseOf,
  type RoutesWith,
  routePath,
} from './routes.ts';
import type { components } from './schema.d.ts';

function recorder(answer: unknown = { ok: true }) {
  const calls: { path: string; options: RequestOptions | undefined }[] = [];
  const routes = createRoutes(<T>(path: string, options?: RequestOptions) => {
    calls.push({ path, options });
    return Promise.resolve(answer as T);
  });
  return { routes, calls };
}

describe('routePath', () => {
  it('fills the path parameters, escaped, below the base URL', () => {
    expect(routePath('/api/v1/items/{id}', { id: 'a b/c' })).toBe('/items/a%20b%2Fc');
    expect(
      routePath('/api/v1/audio/{id}/transcription/segments/{index}/speaker', { id: 'x', index: 3 }),
    ).toBe('/audio/x/transcription/segments/3/speaker');
  });

  it('adds the query, leaving out what is undefined or null, repeating lists', () => {
    expect(routePath('/api/v1/items', undefined, { page: 2, q: 'a&b', status: undefined, kind: null })).toBe(
      '/items?page=2&q=a%26b',
    );
    expect(routePath('/api/v1/search', undefined, { tag: ['a', 'b'], exact: false })).toBe(
      '/search?tag=a&tag=b&exact=false',
    );
    expect(routePath('/api/v1/items', undefined, {})).toBe('/items');
  });

  it('refuses a missing path parameter and an address outside the API', () => {
    expect(() => routePath('/api/v1/items/{id}', {})).toThrow('Missing the path parameter id');
    expect(() => routePath('/items/{id}', { id: '1' })).toThrow('Not a route of the API');
  });
});

describe('the typed calls', () => {
  it('send the method, the body and the client options through the one request function', async () => {
    const { routes, calls } = recorder({ id: '1' });
    const signal = new AbortController().signal;
    await expect(
      routes.put('/api/v1/items/{id}', { path: { id: '1' }, json: { title: 'New' }, signal }),
    ).resolves.toEqual({ id: '1' });
    await routes.post('/api/v1/auth/login', { auth: false, form: { username: 'a@b.c', password: 'pw' } });
    await routes.get('/api/v1/items', { query: { page: 1 } });
    await routes.delete('/api/v1/items/{id}', { path: { id: '2' } });
    expect(calls).toEqual([
      { path: '/items/1', options: { method: 'PUT', json: { title: 'New' }, signal } },
      {
        path: '/auth/login',
        options: { method: 'POST', auth: false, form: { username: 'a@b.c', password: 'pw' } },
      },
      { path: '/items?page=1', options: { method: 'GET' } },
      { path: '/items/2', options: { method: 'DELETE' } },
    ]);
  });

  it('are typed from the API document', () => {
    const { routes } = recorder();
    expectTypeOf(routes.get('/api/v1/items/{id}', { path: { id: '1' } })).resolves.toEqualTypeOf<
      components['schemas']['Item']
    >();
    expectTypeOf<ResponseOf<'/api/v1/users/me/settings', 'put'>>().toEqualTypeOf<
      components['schemas']['UserSettings']
    >();
    expectTypeOf<QueryOf<'/api/v1/items', 'get'>['page']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BodyOf<'/api/v1/auth/google', 'post'>>().toEqualTypeOf<{ credential: string }>();
    // A field the server fills in when it is left out may be left out.
    expectTypeOf<{ parts: { transcript: false } }>().toExtend<BodyOf<'/api/v1/items/{id}/shares', 'post'>>();
    expectTypeOf<'/api/v1/items/{id}'>().toExtend<RoutesWith<'delete'>>();
    expectTypeOf<'/api/v1/items'>().not.toExtend<RoutesWith<'delete'>>();

    // A route the server does not have, a method it does not answer, a missing or misspelt
    // parameter, a wrong body and a field it does not send are type errors.
    const checks = async () => {
      // @ts-expect-error no such route
      await routes.get('/api/v1/itemz/{id}', { path: { id: '1' } });
      // @ts-expect-error the list of items cannot be deleted
      await routes.delete('/api/v1/items');
      // @ts-expect-error the item's id is required
      await routes.get('/api/v1/items/{id}');
      // @ts-expect-error the parameter is `id`
      await routes.get('/api/v1/items/{id}', { path: { item: '1' } });
      // @ts-expect-error the title is a string
      await routes.put('/api/v1/items/{id}', { path: { id: '1' }, json: { title: 3 } });
      // @ts-expect-error signing in is form-encoded
      await routes.post('/api/v1/auth/login', { json: { username: 'a', password: 'b' } });
      const item = await routes.get('/api/v1/items/{id}', { path: { id: '1' } });
      // @ts-expect-error an item has no `name`
      void item.name;
    };
    expect(checks).toBeTypeOf('function');
  });
});
