/** One event of a server-sent events body: its name (`message` when unnamed) and its data. */
export interface SseEvent<T = Record<string, unknown>> {
  event: string;
  data: T;
}

/** The events of a server-sent events body read to its end, in order (comments and `retry:` lines left out). */
export function sseEvents<T = Record<string, unknown>>(body: string): SseEvent<T>[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as T,
    }));
}

/** The data of a body's unnamed events (the progress messages), and the names of its named ones. */
export function parseSse(body: string): { data: Record<string, unknown>[]; events: string[] } {
  const all = sseEvents(body);
  return {
    data: all.filter((e) => e.event === 'message').map((e) => e.data),
    events: all.filter((e) => e.event !== 'message').map((e) => e.event),
  };
}
