import { count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { unauthorized } from '../lib/http-error.ts';
import type { JobEvent, Queue } from '../queue/queue.ts';

/** Jobs seen starting but not finishing are forgotten past this many (a bound on memory). */
const MAX_TRACKED_JOBS = 10_000;

/**
 * Prometheus metrics of one API process: HTTP latency per route, queue depth per job kind and
 * state (read from the database when scraped, so every process reports the same queue), job
 * durations and failures per kind (from the job events, which reach every API process), what the
 * queue engine itself holds (BullMQ on Redis: waiting, active, delayed…), and the process's own
 * figures (memory, CPU, event loop).
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { db: Db; events: EventBus; queue: Pick<Queue, 'engineCounts'>; token?: string | undefined },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'voxpress_' });

  const httpDuration = new Histogram({
    name: 'voxpress_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unknown addresses share one label so a scanner cannot grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'voxpress_queue_jobs',
    help: 'Jobs in the queue, by kind and state.',
    labelNames: ['name', 'status'],
    registers: [registry],
    async collect() {
      const rows = await deps.db
        .select({ name: jobs.name, status: jobs.status, n: count() })
        .from(jobs)
        .groupBy(jobs.name, jobs.status)
        .orderBy(sql`1, 2`);
      this.reset();
      for (const row of rows) this.set({ name: row.name, status: row.status }, row.n);
    },
  });

  new Gauge({
    name: 'voxpress_queue_engine_jobs',
    help: 'Jobs held by the queue engine (BullMQ on Redis), by state. Absent with the embedded queue.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await deps.queue.engineCounts();
      this.reset();
      for (const [state, n] of Object.entries(counts ?? {})) this.set({ state }, n);
    },
  });

  const jobDuration = new Histogram({
    name: 'voxpress_job_duration_seconds',
    help: 'Time from a job run starting to its end, by kind and outcome.',
    labelNames: ['name', 'outcome'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'voxpress_job_failures_total',
    help: 'Failed job runs (engine errors, time-outs), by kind and whether a retry follows.',
    labelNames: ['name', 'final'],
    registers: [registry],
  });
  const started = new Map<string, number>();
  const finish = (jobId: string, name: string, outcome: string) => {
    const at = started.get(jobId);
    started.delete(jobId);
    if (at !== undefined) jobDuration.observe({ name, outcome }, (performance.now() - at) / 1000);
  };
  const unsubscribe = deps.events.subscribe('jobs', (bus) => {
    const event = bus as unknown as JobEvent;
    switch (event.type) {
      case 'job.started':
        if (started.size >= MAX_TRACKED_JOBS) started.clear();
        started.set(event.jobId, performance.now());
        break;
      case 'job.completed':
        finish(event.jobId, event.name, 'completed');
        break;
      case 'job.retrying':
        jobFailures.inc({ name: event.name, final: 'false' });
        finish(event.jobId, event.name, 'retrying');
        break;
      case 'job.failed':
        jobFailures.inc({ name: event.name, final: 'true' });
        finish(event.jobId, event.name, 'failed');
        break;
      default:
        break;
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (deps.token && request.headers.authorization !== `Bearer ${deps.token}`) throw unauthorized();
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
