import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ForbiddenDestinationError, type GuardedFetch, OutboundRequestError } from './guarded-fetch.ts';

/** One request the proxy was asked to make, and what became of it. */
export interface ProxyEvent {
  /** `CONNECT` (a tunnel for https) or the method of a plain http request. */
  method: string;
  host: string;
  port: number;
  outcome: 'allowed' | 'refused' | 'failed';
  /** The address connected to, when allowed. */
  address?: string;
  /** Why it was refused or failed. */
  reason?: string;
}

export interface GuardedProxyLimits {
  /** Bytes relayed in both directions, all connections together; past it every one is cut. */
  maxBytes: number;
  /** The proxy's whole life: past it every connection is cut and no new one is taken. */
  timeoutMs: number;
  /** A connection with nothing sent either way for this long is cut. Default 60 s. */
  idleMs?: number;
}

/** Hop-by-hop headers, which a proxy does not pass on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * A small HTTP proxy on 127.0.0.1 for a program that makes its own requests (yt-dlp): each
 * destination it asks for, a `CONNECT host:port` tunnel for https or a plain `GET http://…` with
 * an absolute address, is resolved and checked by the guard (`GuardedFetch.resolveAllowed`, the
 * same checks as the guarded client's own connections) and the connection then goes to the checked
 * address. A refused destination is answered 403 and recorded in `events` (`refusal` keeps the
 * first). Redirects are the program's to follow, and each new request comes through here again.
 * It lives for one import: `close()` ends it and every connection through it; its time and byte
 * limits end them too.
 */
export class GuardedProxy {
  readonly events: ProxyEvent[] = [];
  /** The first refused destination, as the guard refused it. */
  refusal: ForbiddenDestinationError | null = null;
  /** What cut the connections short, if anything did. */
  cutShort: 'too_large' | 'timeout' | null = null;
  private relayed = 0;
  private readonly sockets = new Set<Duplex>();
  private readonly server: Server;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly guard: GuardedFetch,
    private readonly limits: GuardedProxyLimits,
  ) {
    this.server = createServer();
    this.server.on('connection', (socket) => this.track(socket));
    this.server.on('connect', (req, socket, head) => {
      this.tunnel(req, socket, head).catch(() => socket.destroy());
    });
    this.server.on('request', (req, res) => {
      this.forward(req, res).catch(() => res.destroy());
    });
    this.server.on('clientError', (_err, socket) => socket.destroy());
  }

  /** Starts a proxy on a free loopback port. */
  static async start(guard: GuardedFetch, limits: GuardedProxyLimits): Promise<GuardedProxy> {
    const proxy = new GuardedProxy(guard, limits);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    proxy.timer = setTimeout(() => proxy.cut('timeout'), limits.timeoutMs);
    proxy.timer.unref();
    return proxy;
  }

  /** `http://127.0.0.1:<port>`, to hand to the program as its proxy. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Bytes relayed so far, both directions. */
  get bytes(): number {
    return this.relayed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private cut(why: 'too_large' | 'timeout'): void {
    this.cutShort ??= why;
    for (const socket of this.sockets) socket.destroy();
  }

  private track(socket: Duplex): void {
    if (this.closed || this.cutShort) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    (socket as Socket).setTimeout?.(this.limits.idleMs ?? 60_000, () => socket.destroy());
  }

  /** Counts bytes relayed; past the limit every connection is cut. */
  private count(bytes: number): void {
    this.relayed += bytes;
    if (this.relayed > this.limits.maxBytes) this.cut('too_large');
  }

  /**
   * The destination checked by the guard: one of its allowed addresses, or null once the refusal
   * or failure is recorded.
   */
  private async destination(method: string, host: string, port: number): Promise<string | null> {
    if (this.cutShort || this.closed) return null;
    try {
      const [first] = await this.guard.resolveAllowed(host);
      if (!first) throw new OutboundRequestError(`${host} was not found`, 'dns');
      this.events.push({ method, host, port, outcome: 'allowed', address: first.address });
      return first.address;
    } catch (err) {
      if (err instanceof ForbiddenDestinationError) {
        this.refusal ??= err;
        this.events.push({ method, host, port, outcome: 'refused', reason: err.reason });
      } else {
        this.events.push({ method, host, port, outcome: 'failed', reason: (err as Error).message });
      }
      return null;
    }
  }

  private async tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    const target = parseAuthority(req.url ?? '');
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const address = await this.destination('CONNECT', target.host, target.port);
    if (!address) {
      client.end(refusedAnswer(this.events.at(-1)));
      return;
    }
    const upstream = connect({ host: address, port: target.port });
    this.track(upstream);
    let established = false;
    upstream.once('error', () => {
      // Once the tunnel is open its bytes are the program's: it is only closed.
      if (established || client.destroyed) client.destroy();
      else client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
    });
    upstream.once('connect', () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) {
        this.count(head.length);
        upstream.write(head);
      }
      this.relay(client, upstream);
      this.relay(upstream, client);
    });
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Either side may go away at any time (the program stops, a limit cuts the connections).
    req.on('error', () => req.destroy());
    res.on('error', () => res.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400, { connection: 'close' }).end();
      return;
    }
    if (url.protocol !== 'http:') {
      res.writeHead(400, { connection: 'close' }).end();
      return;
    }
    const port = Number(url.port || 80);
    const address = await this.destination(req.method ?? 'GET', url.hostname, port);
    if (!address) {
      const event = this.events.at(-1);
      res
        .writeHead(event?.outcome === 'refused' ? 403 : 502, {
          'content-type': 'text/plain',
          connection: 'close',
        })
        .end(event?.reason ?? '');
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    const upstream = httpRequest({
      host: address,
      port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      agent: false,
    });
    upstream.on('socket', (socket) => this.track(socket));
    upstream.on('error', () => {
      if (!res.headersSent && !res.destroyed) res.writeHead(502, { connection: 'close' }).end();
      else res.destroy();
    });
    upstream.on('response', (answer) => {
      answer.on('error', () => res.destroy());
      const back: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
      res.writeHead(answer.statusCode ?? 502, { ...back, connection: 'close' });
      answer.on('data', (chunk: Buffer) => this.count(chunk.length));
      answer.pipe(res);
    });
    req.on('data', (chunk: Buffer) => this.count(chunk.length));
    req.pipe(upstream);
    res.once('close', () => upstream.destroy());
  }

  private relay(from: Duplex, to: Duplex): void {
    from.on('data', (chunk: Buffer) => this.count(chunk.length));
    from.pipe(to);
  }
}

/** `host:port` (`[v6]:port` for IPv6) of a CONNECT request, or null. */
function parseAuthority(authority: string): { host: string; port: number } | null {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(authority);
  if (!match) return null;
  const port = Number(match[2]);
  if (!port || port > 65535) return null;
  return { host: (match[1] as string).replace(/^\[|\]$/g, ''), port };
}

/** The answer to a CONNECT the guard refused (403) or that could not be made (502). */
function refusedAnswer(event: ProxyEvent | undefined): string {
  const status = event?.outcome === 'refused' ? '403 Forbidden' : '502 Bad Gateway';
  const body = event?.reason ?? '';
  return `HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
