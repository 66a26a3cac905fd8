import type { jobs } from '../db/schema.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
  type EnqueueOptions,
  type JobDefinition,
  type JobKind,
} from './queue.ts';

/** The kinds of job a queue was told of (`Queue.register`), by name. */
export class JobKinds {
  private readonly byName = new Map<string, JobDefinition<unknown, unknown>>();

  add<P, R>(definition: JobDefinition<P, R>): void {
    if (this.byName.has(definition.name)) throw new Error(`Job ${definition.name} is already registered`);
    this.byName.set(definition.name, definition as JobDefinition<unknown, unknown>);
  }

  get(name: string): JobDefinition<unknown, unknown> | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** The record of a new job; throws for an unknown kind or a payload its schema refuses. */
  newRecord(job: JobKind, payload: unknown, options: EnqueueOptions): typeof jobs.$inferInsert {
    const { name } = job;
    const definition = this.byName.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    const parsed = definition.payload.parse(payload);
    return {
      name,
      payload: parsed as object,
      maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      timeoutMs: definition.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      priority: options.priority ?? 0,
      ownerId: options.ownerId ?? null,
      runAt: new Date(Date.now() + (options.delayMs ?? 0)),
    };
  }
}
