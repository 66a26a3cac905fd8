import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from '../events/event-bus.ts';
import { openSse } from './sse.ts';

/** How often an open status stream re-reads the stored state. */
const STATUS_RESYNC_MS = 5000;

export interface StatusStreamOptions<S> {
  /** The bus topic whose events announce changes, e.g. `audio:<id>`. */
  topic: string;
  /** Reads the state as stored (and checks ownership again). */
  read(): Promise<S>;
  /** A field every full status event carries: an event without it only says "look". */
  idField: string;
  /** Whether the state is final: the stream then sends it as `complete` and ends. */
  isFinal(state: S): boolean;
}

/**
 * Relays an item's status as server-sent events until it is final. The stream subscribes, waits
 * until the subscription is live, then reads, so no change falls in between; it sends a state only
 * when it differs from the last one, one step at a time so a slow read never sends an older state
 * after a newer one; and it re-reads every 5 s, because events between processes are at-most-once
 * and a missed one may delay a stream but must never leave it stuck.
 */
export async function relayStatus<S extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  events: EventBus,
  options: StatusStreamOptions<S>,
): Promise<void> {
  const channel = openSse(request, reply);
  let last = '';
  const push = (state: S) => {
    const text = JSON.stringify(state);
    if (text === last) return;
    last = text;
    channel.send(state);
    if (options.isFinal(state)) {
      channel.send(state, 'complete');
      channel.close();
    }
  };
  let steps: Promise<unknown> = Promise.resolve();
  const step = (work: () => unknown) => {
    steps = steps.then(work).catch((err) => request.log.warn({ err }, 'status stream read failed'));
    return steps;
  };
  const reread = async () => push(await options.read());
  const unsubscribe = events.subscribe(options.topic, (event) => {
    const { type: _type, ...state } = event;
    // An event too large for its bus arrives as its type alone: read the state instead.
    void step(() => (options.idField in state ? push(state as unknown as S) : reread()));
  });
  await events.settled();
  await step(reread);
  const resync = setInterval(() => void step(reread), STATUS_RESYNC_MS);
  await channel.closed;
  clearInterval(resync);
  unsubscribe();
}
