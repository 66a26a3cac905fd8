import type { FastifyReply, FastifyRequest } from 'fastify';

/** A server-sent events channel on a hijacked reply. */
export interface SseChannel {
  send(data: unknown, event?: string): void;
  close(): void;
  /** Resolves when the client goes away or `close()` is called. */
  closed: Promise<void>;
}

/**
 * Opens an event stream: writes the headers, keeps the connection alive with comments every 15 s
 * (proxies drop idle connections), and cleans up when either side closes.
 */
export function openSse(request: FastifyRequest, reply: FastifyReply): SseChannel {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  let open = true;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  const finish = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    resolveClosed();
  };
  request.raw.on('close', finish);
  res.on('close', finish);
  return {
    send(data, event) {
      if (!open) return;
      res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (!open) return;
      finish();
      res.end();
    },
    closed,
  };
}
