import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake service received it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. `/v2/translate`. */
  url: string;
  headers: IncomingMessage['headers'];
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  body: unknown;
  /** The body's bytes as sent (uploads, multipart forms). */
  raw: Buffer;
}

export type FakeHandler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

/**
 * A local HTTP server on 127.0.0.1 standing in for a remote service in tests. Each test sets
 * `handler` to answer in that service's wire format; every request is kept in `received`.
 */
export class FakeHttpServer {
  readonly received: ReceivedRequest[] = [];
  handler: FakeHandler = (_req, res) => {
    res.writeHead(404).end();
  };
  private server: Server | undefined;
  private readonly open = new Set<ServerResponse>();

  /** `http://127.0.0.1:<port>` */
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.open.add(res);
      res.on('close', () => this.open.delete(res));
      void readBody(req).then(
        async ({ body, raw }) => {
          const received = {
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers: req.headers,
            body,
            raw,
          };
          this.received.push(received);
          await this.handler(received, res);
        },
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The requests to paths starting with `prefix`. */
  requestsTo(prefix: string): ReceivedRequest[] {
    return this.received.filter((r) => r.url.startsWith(prefix));
  }

  async stop(): Promise<void> {
    // Answers left hanging on purpose (time-out tests) must not keep the server open.
    for (const res of this.open) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Answers with a JSON body. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<{ body: unknown; raw: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString('utf8');
  if (!text) return { body: undefined, raw };
  try {
    return { body: JSON.parse(text) as unknown, raw };
  } catch {
    return { body: text, raw };
  }
}
