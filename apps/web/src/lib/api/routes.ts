import type { RequestOptions } from '../api-client.ts';
import type { paths } from './schema.d.ts';

// Typed calls over the one request function of the app: `api.get('/api/v1/items/{id}', { path: { id } })`
// answers the server's `Item`, as the API document (apps/server/openapi.json, turned into
// `schema.d.ts` by `npm run api:types -w @voxpress/web`) describes it. A route that no longer
// exists, a missing parameter, a wrong body or a response field the server does not send fails
// the type check. The request itself (token, renewal, errors in the user's language, abort
// signals, time limit) stays the client's.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Every route of the API document starts with it; the client's base URL stands for it. */
export const ROUTE_PREFIX = '/api/v1';

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The routes of the API document that answer `method`. */
export type RoutesWith<M extends Method> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type Success = 200 | 201 | 202 | 204;

type JsonBody<R> = R extends { content: { 'application/json': infer B } }
  ? B
  : R extends { content?: never }
    ? undefined
    : unknown;

/** What a route answers when it succeeds. */
export type ResponseOf<P extends RoutesWith<M>, M extends Method> =
  Operation<P, M> extends {
    responses: infer R;
  }
    ? JsonBody<R[keyof R & Success]>
    : never;

type ParametersOf<Op> = Op extends { parameters: infer Ps } ? Ps : never;

type PathOption<Ps> = Ps extends { path: infer Pa } ? { path: Pa } : { path?: never };

type QueryOption<Ps> = Ps extends { query: infer Q }
  ? { query: Q }
  : Ps extends { query?: infer Q }
    ? [NonNullable<Q>] extends [never]
      ? { query?: never }
      : { query?: NonNullable<Q> }
    : { query?: never };

type NoBody = { json?: never; form?: never };

type BodyOption<C, Optional extends boolean> = C extends { 'application/json': infer J }
  ? Optional extends true
    ? { json?: J; form?: never }
    : { json: J; form?: never }
  : C extends { 'application/x-www-form-urlencoded': infer F }
    ? { form: F; json?: never }
    : { json?: unknown; form?: never };

type RequestBodyOption<Op> = Op extends { requestBody: { content: infer C } }
  ? BodyOption<C, false>
  : Op extends { requestBody?: infer RB }
    ? NonNullable<RB> extends { content: infer C }
      ? BodyOption<C, true>
      : NoBody
    : NoBody;

/** What a call of `route` takes: its path and query parameters, its body, and the client's options. */
export type RouteOptions<P extends RoutesWith<M>, M extends Method> = Omit<
  RequestOptions,
  'method' | 'json' | 'form'
> &
  PathOption<ParametersOf<Operation<P, M>>> &
  QueryOption<ParametersOf<Operation<P, M>>> &
  RequestBodyOption<Operation<P, M>>;

/** The query parameters `route` takes. */
export type QueryOf<P extends keyof paths, M extends Method> =
  ParametersOf<Operation<P, M>> extends {
    query?: infer Q;
  }
    ? NonNullable<Q>
    : never;

/** The JSON body `route` takes. */
export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    requestBody?: infer RB;
  }
    ? NonNullable<RB> extends { content: { 'application/json': infer J } }
      ? J
      : never
    : never;

/** The options argument may be left out when nothing in it is required. */
type OptionsArg<O> = object extends O ? [options?: O] : [options: O];

type RouteCall<M extends Method> = <P extends RoutesWith<M>>(
  route: P,
  ...options: OptionsArg<RouteOptions<P, M>>
) => Promise<ResponseOf<P, M>>;

export interface Routes {
  get: RouteCall<'get'>;
  post: RouteCall<'post'>;
  put: RouteCall<'put'>;
  patch: RouteCall<'patch'>;
  delete: RouteCall<'delete'>;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * The address of `route` below the client's base URL: `{name}` segments replaced by their values
 * (escaped), then the query, leaving out what is undefined or null.
 */
export function routePath(
  route: string,
  path?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  if (!route.startsWith(`${ROUTE_PREFIX}/`)) throw new Error(`Not a route of the API: ${route}`);
  const filled = route.slice(ROUTE_PREFIX.length).replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`Missing the path parameter ${name} of ${route}`);
    return encodeURIComponent(String(value));
  });
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${filled}?${search}` : filled;
}

type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;

interface AnyRouteOptions extends Omit<RequestOptions, 'method'> {
  path?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, QueryValue>>;
}

/** Typed calls, one per method, over the client's `request`. */
export function createRoutes(request: Request): Routes {
  const call =
    (method: NonNullable<RequestOptions['method']>) =>
    (route: string, options: AnyRouteOptions = {}): Promise<unknown> => {
      const { path, query, ...rest } = options;
      return request(routePath(route, path, query), { ...rest, method });
    };
  // The generic signatures are checked where they are called; here every route is a string.
  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  } as unknown as Routes;
}
