import { z } from 'zod';

/** `GET /api/v1/health`: liveness plus database reachability. */
export const zHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latency_ms: z.number(),
  }),
  queue: z.object({ driver: z.enum(['embedded', 'bullmq']) }),
});
export type Health = z.infer<typeof zHealth>;

export const zEngineState = z.enum(['active', 'available', 'missing', 'disabled']);
export type EngineState = z.infer<typeof zEngineState>;

/** One implementation of a port (speech, writer, translator, renderer, storage, queue). */
export const zEngineImplementation = z.object({
  id: z.string(),
  name: z.string(),
  state: zEngineState,
  detail: z.string(),
  /** What to do to enable it, when it is missing or disabled. */
  enable: z.string().optional(),
});
export type EngineImplementation = z.infer<typeof zEngineImplementation>;

export const zEnginePort = z.object({
  port: z.string(),
  active: z.string().nullable(),
  implementations: z.array(zEngineImplementation),
});
export type EnginePort = z.infer<typeof zEnginePort>;

/** `GET /api/v1/system/engines`. */
export const zEngines = z.object({ ports: z.array(zEnginePort) });
export type Engines = z.infer<typeof zEngines>;

/** `GET /api/v1/system/config`: the client-safe subset of the server configuration. */
export const zClientConfig = z.object({
  version: z.string(),
  google_client_id: z.string().nullable(),
  max_upload_bytes: z.number().int(),
  max_recording_seconds: z.number().int(),
  max_recording_bytes: z.number().int(),
});
export type ClientConfig = z.infer<typeof zClientConfig>;
