import {
  type Engine,
  EngineError,
  type EngineKind,
  type EngineStatus,
  EngineUnavailableError,
  hasModel,
  NoEngineError,
} from './engine.ts';

/** The part of pino the router uses (the server's logger fits it). */
export interface RouterLogger {
  warn(obj: object, msg: string): void;
}

/** One request as the router sees it: what is asked and which engines can serve it at all. */
export interface RouteRequest<E extends Engine> {
  /** What is asked, as reasons name it: a language code such as `en-US`. */
  label: string;
  supports(engine: E): boolean;
  /** Moves engines within the plan (a user's preference) and says why when it did. */
  reorder?(engines: E[]): { engines: E[]; note?: string };
}

/** An engine picked for a request, with the sentence saying why. */
export interface EngineChoice<E extends Engine> {
  engine: E;
  reason: string;
  /** Engines preferred to this one that could not take the request, each with why (plain words). */
  passedOver: PassedOver[];
}

/** An engine ahead in the order that was not used: not ready, or it failed on this request. */
export interface PassedOver {
  engine: string;
  reason: string;
}

/** One engine tried for a request. `error` is the user-safe message of its failure. */
export interface EngineAttempt<R> {
  engine: string;
  reason: string;
  duration_ms: number;
  /** The engines ahead of this one that were skipped or failed, with why. */
  passedOver: PassedOver[];
  result?: R;
  error?: string;
}

/** A result with the engine that made it and every engine tried on the way. */
export interface Routed<E extends Engine, R> {
  result: R;
  engine: E;
  reason: string;
  attempts: EngineAttempt<R>[];
}

/** An engine as the engines view lists it: its own status plus its place in the configured order. */
export interface EngineDescription extends EngineStatus {
  id: string;
  kind: EngineKind;
  name: string;
  /** 1-based place in the configured order; null when left out of it. */
  position: number | null;
}

/** The words a kind uses when nothing can serve a request. */
export interface RouterWords {
  /** The setting that lists the engines in order, e.g. `SPEECH_ENGINES`. */
  orderSetting: string;
  /** A few words on each engine for the administrator, by id. */
  summaries?: Record<string, string>;
  /** For the user, plain: "Transcription in German is not available on this server. …" */
  noEngine(label: string): string;
  /** For the administrator: "No speech engine on this server can transcribe German (de)." */
  noEngineDetail(label: string): string;
  /** For the user, when every engine that could serve it failed. */
  allFailed(label: string): string;
}

interface Closable {
  close(): Promise<void>;
}

/**
 * Routes work of one engine kind: the configured order, keeping the engines that support the
 * request and are ready; when an engine fails for a reason of its own (`EngineUnavailableError`)
 * the next one is tried, and every attempt is recorded. Other failures (bad input, a server that
 * may come back, an abort) are thrown as they are: the job decides whether to retry.
 */
export class EngineRouter<E extends Engine> {
  constructor(
    readonly kind: EngineKind,
    /** Every implementation, configured or not (the engines view lists them all). */
    readonly engines: readonly E[],
    /** Ids in order of preference; engines left out are never used. */
    readonly order: readonly string[],
    private readonly words: RouterWords,
    private readonly logger: RouterLogger,
  ) {}

  /** The engine a request would use first, and why. */
  async choose(request: RouteRequest<E>): Promise<EngineChoice<E>> {
    const [first] = await this.plan(request);
    if (!first) throw await this.noEngine(request);
    return first;
  }

  /** Runs `work` on the planned engines in turn until one succeeds. */
  async run<R>(
    request: RouteRequest<E>,
    signal: AbortSignal,
    work: (engine: E) => Promise<R>,
  ): Promise<Routed<E, R>> {
    const plan = await this.plan(request);
    if (plan.length === 0) throw await this.noEngine(request);
    const attempts: EngineAttempt<R>[] = [];
    const failures: string[] = [];
    const failed: PassedOver[] = [];
    let lastError: EngineUnavailableError | undefined;
    for (const choice of plan) {
      const { engine } = choice;
      const reason = failures.length
        ? `${engine.id}: ${failures.join('; ')}; next engine that supports ${request.label} and is available`
        : choice.reason;
      const started = Date.now();
      const passedOver = [...choice.passedOver, ...failed];
      try {
        const result = await work(engine);
        attempts.push({ engine: engine.id, reason, duration_ms: Date.now() - started, passedOver, result });
        return { result, engine, reason, attempts };
      } catch (err) {
        if (signal.aborted || !(err instanceof EngineUnavailableError)) throw err;
        attempts.push({
          engine: engine.id,
          reason,
          duration_ms: Date.now() - started,
          passedOver,
          error: err.userMessage,
        });
        failed.push({ engine: engine.id, reason: err.userMessage });
        this.logger.warn(
          { kind: this.kind, engine: engine.id, reason: err.message },
          `${this.kind} engine failed; trying the next one`,
        );
        failures.push(`${engine.id} failed (${err.userMessage})`);
        lastError = err;
      }
    }
    if (attempts.length === 1 && lastError) throw lastError;
    throw new EngineError(
      `Every ${this.kind} engine that could serve ${request.label} failed: ${plan
        .map((c, i) => `${c.engine.id}: ${attempts[i]?.error}`)
        .join(' ')}`,
      false,
      { cause: lastError, userMessage: this.words.allFailed(request.label) },
    );
  }

  /** Every engine of this kind, the configured ones first in their order. */
  async describe(): Promise<EngineDescription[]> {
    const ordered = [...this.configured(), ...this.engines.filter((e) => !this.order.includes(e.id))];
    return Promise.all(
      ordered.map(async (engine) => {
        const position = this.order.indexOf(engine.id);
        return {
          id: engine.id,
          kind: engine.kind,
          name: engine.name,
          position: position < 0 ? null : position + 1,
          ...(await engine.status()),
        };
      }),
    );
  }

  /**
   * The engine that serves such a request today: the first in the plan whose model file is on
   * this server. One that would download its model first is tried, but is not what serves.
   */
  async serving(request: RouteRequest<E>): Promise<EngineChoice<E> | null> {
    for (const choice of await this.plan(request)) {
      if (hasModel(await choice.engine.status())) return choice;
    }
    return null;
  }

  /** Releases what the engines hold (a loaded model); call at shutdown. */
  async close(): Promise<void> {
    await Promise.all(this.engines.map((e) => (isClosable(e) ? e.close() : undefined)));
  }

  /** The usable engines in order, each with the sentence explaining why it is there. */
  async plan(request: RouteRequest<E>): Promise<EngineChoice<E>[]> {
    const notes: string[] = [];
    let engines = this.configured();
    if (request.reorder) {
      const reordered = request.reorder(engines);
      engines = reordered.engines;
      if (reordered.note) notes.push(reordered.note);
    }
    const plan: EngineChoice<E>[] = [];
    const skipped: PassedOver[] = [];
    for (const engine of engines) {
      if (!request.supports(engine)) {
        notes.push(`${engine.id} does not support ${request.label}`);
        continue;
      }
      const status = await engine.status();
      if (status.state !== 'ready') {
        const how = status.state === 'missing' ? 'unavailable' : 'misconfigured';
        notes.push(`${engine.id} ${how} (${status.reason})`);
        skipped.push({ engine: engine.id, reason: status.reason });
        continue;
      }
      const place = `${plan.length ? 'next' : 'first'} configured engine that supports ${request.label} and is available`;
      plan.push({
        engine,
        reason: `${engine.id}: ${notes.length ? `${notes.join('; ')} — ${place}` : place}`,
        passedOver: [...skipped],
      });
    }
    return plan;
  }

  private configured(): E[] {
    return this.order.flatMap((id) => this.engines.filter((e) => e.id === id));
  }

  /** The error for a request nothing here can serve: plain for the user, how to enable one for the log. */
  private async noEngine(request: RouteRequest<E>): Promise<NoEngineError> {
    const hints: string[] = [];
    for (const engine of this.engines) {
      if (!request.supports(engine)) continue;
      const status = await engine.status();
      if (!this.order.includes(engine.id)) {
        const also = status.state === 'ready' || !status.hint ? '' : `, and ${lowerFirst(status.hint)}`;
        const summary = this.words.summaries?.[engine.id] ?? engine.name;
        hints.push(`add ${engine.id} to ${this.words.orderSetting} (${summary})${also}`);
      } else if (status.state !== 'ready') {
        hints.push(`${engine.id}: ${status.detail}${status.hint ? ` — ${status.hint}` : ''}`);
      }
    }
    const what = hints.length ? ` To enable one: ${hints.join('; ')}.` : '';
    return new NoEngineError(
      `${this.words.noEngineDetail(request.label)}${what}`,
      this.words.noEngine(request.label),
    );
  }
}

function isClosable(engine: Engine): engine is Engine & Closable {
  return typeof (engine as Partial<Closable>).close === 'function';
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
