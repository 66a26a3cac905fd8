import http from 'node:http';

/**
 * The only port a worker-only process opens, and only when asked (`WORKER_HEALTH_PORT`): `GET
 * /health` answers 200 while the database answers, 503 otherwise, for container health checks.
 */
export async function listenWorkerHealth(
  database: { ping(): Promise<number> },
  host: string,
  port: number,
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/health') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"detail":"Not Found","code":"not_found"}');
      return;
    }
    database.ping().then(
      (ms) => send(res, 200, { status: 'ok', role: 'worker', database: { ok: true, latency_ms: ms } }),
      () => send(res, 503, { status: 'unavailable', role: 'worker', database: { ok: false } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
