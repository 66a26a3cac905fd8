import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A server-sent events channel on a hijacked reply. */
export interface SseChannel {
  send(data: unknown, event?: string): void;
  close(): void;
  /** Writes `text` as the stream's last words and closes it. */
  end(text: string): void;
  /** Resolves when the client goes away or `close()` is called. */
  closed: Promise<void>;
}

/**
 * Opens an event stream: writes the headers, keeps the connection alive with comments every 15 s
 * (proxies drop idle connections), and cleans up when either side closes.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Open streams, so shutting down can end them instead of waiting for the clients. */
    sseStreams?: Set<SseChannel>;
  }
}

/** How soon a browser reconnects after the server ends its stream for a shutdown. */
const RECONNECT_AFTER_SHUTDOWN_MS = 1000;

/**
 * Ends every open event stream when the server closes, telling browsers to reconnect soon (to
 * another process, or to this one once it is back): a hijacked stream would otherwise hold the
 * shutdown until its client left.
 */
export function closeStreamsOnShutdown(app: FastifyInstance): void {
  const streams = new Set<SseChannel>();
  // A decoration reaches every plugin's instance, where routes see it as `request.server`.
  app.decorate('sseStreams', streams);
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
  });
}

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
  const streams = request.server.sseStreams;
  const finish = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    streams?.delete(channel);
    resolveClosed();
  };
  request.raw.on('close', finish);
  res.on('close', finish);
  const channel: SseChannel = {
    send(data, event) {
      if (!open) return;
      res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      channel.end('');
    },
    end(text) {
      if (!open) return;
      finish();
      res.end(text);
    },
    closed,
  };
  streams?.add(channel);
  return channel;
}
