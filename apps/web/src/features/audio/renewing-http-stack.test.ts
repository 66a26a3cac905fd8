import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { renewingHttpStack, type SessionDeps } from './renewing-http-stack.ts';

/** What the fake network saw of one request. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  progress: boolean;
}

function response(status: number, headers: Record<string, string> = {}): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name) => headers[name],
    getBody: () => (status === 401 ? '{"detail":"Token expired"}' : ''),
    getUnderlyingObject: () => null,
  };
}

/** A network that answers 401 to any request whose token is not in `valid`. */
function fakeNetwork(valid: Set<string>) {
  const sent: Sent[] = [];
  let aborted = 0;
  const stack: HttpStack = {
    getName: () => 'Fake',
    createRequest(method, url): HttpRequest {
      const headers: Record<string, string> = {};
      let progress = false;
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader(name, value) {
          headers[name] = value;
        },
        getHeader: (name) => headers[name],
        setProgressHandler() {
          progress = true;
        },
        async send(body) {
          sent.push({ method, url, headers: { ...headers }, body, progress });
          const token = headers.Authorization?.replace(/^Bearer /, '') ?? '';
          return valid.has(token) ? response(204, { 'Upload-Offset': '42' }) : response(401);
        },
        async abort() {
          aborted += 1;
        },
        getUnderlyingObject: () => null,
      };
    },
  };
  return { stack, sent, aborted: () => aborted };
}

function session(initial: string | null, renewTo: string | null) {
  let token = initial;
  const calls = { refresh: 0, ended: 0 };
  const deps: SessionDeps = {
    accessToken: () => token,
    async refresh() {
      calls.refresh += 1;
      if (renewTo === null) return false;
      token = renewTo;
      return true;
    },
    endSession() {
      calls.ended += 1;
    },
  };
  const setToken = (next: string) => {
    token = next;
  };
  return { deps, calls, setToken };
}

async function patch(stack: HttpStack, body: unknown = 'piece') {
  const req = stack.createRequest('PATCH', '/api/v1/uploads/abc');
  req.setHeader('Tus-Resumable', '1.0.0');
  req.setHeader('Upload-Offset', '0');
  req.setProgressHandler(() => undefined);
  return { req, res: await req.send(body) };
}

describe('the resumable upload’s requests', () => {
  it('carry the bearer token and every header tus set', async () => {
    const net = fakeNetwork(new Set(['fresh']));
    const { deps, calls } = session('fresh', null);
    const { res } = await patch(renewingHttpStack(net.stack, deps));
    expect(res.getStatus()).toBe(204);
    expect(res.getHeader('Upload-Offset')).toBe('42');
    expect(net.sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/v1/uploads/abc',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', Authorization: 'Bearer fresh' },
        body: 'piece',
        progress: true,
      },
    ]);
    expect(calls).toEqual({ refresh: 0, ended: 0 });
  });

  it('renew a session that ran out and send the same piece again, so tus never sees the 401', async () => {
    const net = fakeNetwork(new Set(['renewed']));
    const { deps, calls } = session('expired', 'renewed');
    const stack = renewingHttpStack(net.stack, deps);
    const { res } = await patch(stack);
    expect(res.getStatus()).toBe(204);
    expect(calls).toEqual({ refresh: 1, ended: 0 });
    expect(net.sent.map((s) => [s.headers.Authorization, s.headers['Upload-Offset'], s.body])).toEqual([
      ['Bearer expired', '0', 'piece'],
      ['Bearer renewed', '0', 'piece'],
    ]);
    // A check of where the upload stands after a reload is renewed the same way, rather than
    // answered 401 (which tus takes for a lost upload and starts the file over).
    const head = stack.createRequest('HEAD', '/api/v1/uploads/abc');
    expect((await head.send(null)).getStatus()).toBe(204);
    expect(calls.refresh).toBe(1);
  });

  it('use the token another request renewed meanwhile instead of renewing again', async () => {
    const net = fakeNetwork(new Set(['renewed-elsewhere']));
    const { deps, calls, setToken } = session('expired', null);
    const stack = renewingHttpStack(net.stack, deps);
    const req = stack.createRequest('HEAD', '/api/v1/uploads/abc');
    const sending = req.send(null);
    setToken('renewed-elsewhere');
    expect((await sending).getStatus()).toBe(204);
    expect(calls).toEqual({ refresh: 0, ended: 0 });
  });

  it('end the session when it cannot be renewed, and hand tus the 401', async () => {
    const net = fakeNetwork(new Set());
    const { deps, calls } = session('expired', null);
    const { res } = await patch(renewingHttpStack(net.stack, deps));
    expect(res.getStatus()).toBe(401);
    expect(calls).toEqual({ refresh: 1, ended: 1 });
    expect(net.sent).toHaveLength(1);
  });

  it('renew only once per request: a second 401 goes to tus', async () => {
    const net = fakeNetwork(new Set());
    const { deps, calls } = session('expired', 'also-refused');
    const { res } = await patch(renewingHttpStack(net.stack, deps));
    expect(res.getStatus()).toBe(401);
    expect(calls).toEqual({ refresh: 1, ended: 0 });
    expect(net.sent).toHaveLength(2);
  });

  it('stop the request that is on its way when tus aborts, and send nothing more', async () => {
    const net = fakeNetwork(new Set(['renewed']));
    const { deps } = session('expired', 'renewed');
    const stack = renewingHttpStack(net.stack, deps);
    const req = stack.createRequest('PATCH', '/api/v1/uploads/abc');
    const sending = req.send('piece');
    await req.abort();
    expect((await sending).getStatus()).toBe(401);
    expect(net.aborted()).toBe(1);
    expect(net.sent).toHaveLength(1);
  });
});
