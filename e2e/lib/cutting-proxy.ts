import { connect, createServer, type Socket } from 'node:net';

/** What the proxy does to one `PATCH` request once `afterBytes` of it have passed. */
export interface PatchCut {
  /** Which `PATCH` request through the proxy, counted from 1. */
  nth: number;
  /** How many bytes of it (head and body) pass first. */
  afterBytes: number;
  /**
   * `drop`: both sides of its connection are closed at once, as when a network goes away.
   * `hold`: nothing more is passed on either way, so the request hangs half sent until the browser
   * gives up on it (a reload, a closed tab); then the server's side is closed too.
   */
  action: 'drop' | 'hold';
}

/** A TCP proxy in front of a server that can break one upload request part way through. */
export interface CuttingProxy {
  /** Where the browser goes instead of the server, e.g. http://127.0.0.1:43125 */
  url: string;
  /** Breaks the chosen `PATCH` request; resolves once it has been broken. */
  cut(plan: PatchCut): Promise<void>;
  /** Bytes the proxy passed to the server as part of `PATCH` requests (heads and bodies). */
  patchBytes(): number;
  /** How many `PATCH` requests have begun through the proxy. */
  patchCount(): number;
  close(): Promise<void>;
}

const REQUEST_LINE = /^([A-Z]+) \//;

/**
 * Passes every connection on to `target` unchanged, and watches the requests going up: a chunk
 * that begins with a request line starts a new request on that connection (HTTP/1.1 sends one
 * request at a time per connection). Only the one planned request is ever broken.
 */
export async function startCuttingProxy(target: { host: string; port: number }): Promise<CuttingProxy> {
  let patches = 0;
  let patchBytes = 0;
  let plan: (PatchCut & { done: () => void }) | null = null;
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    let patchIndex = 0;
    let sentOfRequest = 0;
    /** Cut: nothing more goes through this connection. */
    let held = false;
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => {
      sockets.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    /** Passes a chunk up, holding the browser back while the server is slower (as a network does). */
    const up = (chunk: Buffer) => {
      if (upstream.write(chunk)) return;
      client.pause();
      upstream.once('drain', () => client.resume());
    };
    upstream.on('data', (chunk: Buffer) => {
      if (!held) client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (held) return;
      const method = REQUEST_LINE.exec(chunk.subarray(0, 16).toString('latin1'))?.[1];
      if (method) {
        patchIndex = method === 'PATCH' ? ++patches : 0;
        sentOfRequest = 0;
      }
      const active = plan;
      if (patchIndex === 0 || !active || active.nth !== patchIndex) {
        if (patchIndex !== 0) patchBytes += chunk.length;
        up(chunk);
        return;
      }
      const room = active.afterBytes - sentOfRequest;
      if (chunk.length < room) {
        sentOfRequest += chunk.length;
        patchBytes += chunk.length;
        up(chunk);
        return;
      }
      // The planned request reaches its cut inside this chunk: nothing after it goes through.
      held = true;
      plan = null;
      const part = chunk.subarray(0, Math.max(0, room));
      sentOfRequest += part.length;
      patchBytes += part.length;
      upstream.write(part, () => {
        if (active.action === 'drop') closeBoth();
        active.done();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The proxy has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    cut(next) {
      if (plan) throw new Error('A cut is already planned');
      return new Promise<void>((resolve) => {
        plan = { ...next, done: resolve };
      });
    },
    patchBytes: () => patchBytes,
    patchCount: () => patches,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
