import { describe, expect, it } from 'vitest';
import {
  type Engine,
  EngineError,
  type EngineKind,
  type EngineStatus,
  EngineUnavailableError,
  NoEngineError,
} from './engine.ts';
import { EngineRouter, type RouteRequest, type RouterWords } from './engine-router.ts';

/** A writer engine as later kinds will have them: it takes a text and a language. */
class FakeWriter implements Engine {
  readonly kind: EngineKind = 'writer';
  readonly name: string;
  calls = 0;
  constructor(
    readonly id: string,
    private readonly script: { languages?: RegExp; status?: EngineStatus; fail?: Error } = {},
  ) {
    this.name = `Writer ${id}`;
  }
  supports(language: string): boolean {
    return (this.script.languages ?? /.*/).test(language);
  }
  async status(): Promise<EngineStatus> {
    return this.script.status ?? { state: 'ready', reason: 'Ready', detail: `${this.id} at /opt/${this.id}` };
  }
  async write(text: string): Promise<string> {
    this.calls++;
    if (this.script.fail) throw this.script.fail;
    return `${this.id}: ${text}`;
  }
}

const words: RouterWords = {
  orderSetting: 'WRITER_ENGINES',
  noEngine: (label) => `Writing in ${label} is not available on this server. Ask your administrator.`,
  noEngineDetail: (label) => `No writer on this server can write ${label}.`,
  allFailed: (label) => `Writing in ${label} could not be done.`,
};
const logger = {
  warnings: [] as object[],
  warn(obj: object) {
    this.warnings.push(obj);
  },
};

const ask = (language: string): RouteRequest<FakeWriter> => ({
  label: language,
  supports: (engine) => engine.supports(language),
});
const signal = new AbortController().signal;

describe('engine router', () => {
  it('follows the configured order, skipping engines that cannot serve the request or are not ready', async () => {
    const router = new EngineRouter(
      'writer',
      [
        new FakeWriter('composer'),
        new FakeWriter('llm', {
          status: { state: 'missing', reason: 'No model is set', detail: 'LLM_URL unset' },
        }),
        new FakeWriter('deepl', { languages: /^de/ }),
      ],
      ['deepl', 'llm', 'composer'],
      words,
      logger,
    );
    const plan = await router.plan(ask('fr'));
    expect(plan.map((c) => c.engine.id)).toEqual(['composer']);
    expect(plan[0]?.reason).toBe(
      'composer: deepl does not support fr; llm unavailable (No model is set) — first configured engine that supports fr and is available',
    );
    expect((await router.plan(ask('de'))).map((c) => c.engine.id)).toEqual(['deepl', 'composer']);
  });

  it('falls back when an engine itself is unusable and records every attempt', async () => {
    const broken = new FakeWriter('llm', {
      fail: new EngineUnavailableError('The server at http://10.0.0.9 refused the key', {
        userMessage: 'The writing server refused its key.',
      }),
    });
    const composer = new FakeWriter('composer');
    const router = new EngineRouter('writer', [composer, broken], ['llm', 'composer'], words, logger);
    const routed = await router.run(ask('en'), signal, (engine) => engine.write('hello'));
    expect(routed.engine).toBe(composer);
    expect(routed.result).toBe('composer: hello');
    expect(routed.attempts).toEqual([
      {
        engine: 'llm',
        reason: 'llm: first configured engine that supports en and is available',
        duration_ms: expect.any(Number),
        passedOver: [],
        error: 'The writing server refused its key.',
      },
      {
        engine: 'composer',
        reason:
          'composer: llm failed (The writing server refused its key.); next engine that supports en and is available',
        duration_ms: expect.any(Number),
        passedOver: [{ engine: 'llm', reason: 'The writing server refused its key.' }],
        result: 'composer: hello',
      },
    ]);
    // The administrator's detail goes to the log, not into what users see.
    expect(logger.warnings).toContainEqual(
      expect.objectContaining({ engine: 'llm', reason: 'The server at http://10.0.0.9 refused the key' }),
    );
    expect(JSON.stringify(routed.attempts)).not.toMatch(/10\.0\.0\.9/);
  });

  it('does not fall back for failures that are not the engine’s own, and says so when all fail', async () => {
    const input = new EngineError('The text is empty.', false);
    const first = new FakeWriter('llm', { fail: input });
    const second = new FakeWriter('composer');
    const router = new EngineRouter('writer', [first, second], ['llm', 'composer'], words, logger);
    await expect(router.run(ask('en'), signal, (e) => e.write(''))).rejects.toBe(input);
    expect(second.calls).toBe(0);

    const down = (id: string) =>
      new FakeWriter(id, { fail: new EngineUnavailableError(`${id} at /srv/${id} is down`) });
    const all = new EngineRouter('writer', [down('a'), down('b')], ['a', 'b'], words, logger);
    await expect(all.run(ask('en'), signal, (e) => e.write('x'))).rejects.toMatchObject({
      message:
        'Every writer engine that could serve en failed: a: a at /srv/a is down b: b at /srv/b is down',
      userMessage: 'Writing in en could not be done.',
      retryable: false,
    });
  });

  it('handles a kind with no engine at all: nothing to list, and a plain message for the user', async () => {
    const router = new EngineRouter<FakeWriter>('translator', [], [], words, logger);
    expect(await router.describe()).toEqual([]);
    const err = await router.run(ask('ta'), signal, (e) => e.write('x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoEngineError);
    expect(err).toMatchObject({
      message: 'No writer on this server can write ta.',
      userMessage: 'Writing in ta is not available on this server. Ask your administrator.',
      retryable: false,
    });
  });

  it('tells the administrator how to enable an engine, and describes every engine in order', async () => {
    const router = new EngineRouter(
      'writer',
      [
        new FakeWriter('composer', { languages: /^en/ }),
        new FakeWriter('llm', {
          status: {
            state: 'missing',
            reason: 'No model is set',
            detail: 'LLM_URL unset',
            hint: 'Set LLM_URL',
          },
        }),
      ],
      ['llm'],
      { ...words, summaries: { composer: 'built in, English' } },
      logger,
    );
    await expect(router.choose(ask('en'))).rejects.toThrow(
      'No writer on this server can write en. To enable one: add composer to WRITER_ENGINES (built in, English); llm: LLM_URL unset — Set LLM_URL.',
    );
    expect(await router.describe()).toEqual([
      {
        id: 'llm',
        kind: 'writer',
        name: 'Writer llm',
        position: 1,
        state: 'missing',
        reason: 'No model is set',
        detail: 'LLM_URL unset',
        hint: 'Set LLM_URL',
      },
      {
        id: 'composer',
        kind: 'writer',
        name: 'Writer composer',
        position: null,
        state: 'ready',
        reason: 'Ready',
        detail: 'composer at /opt/composer',
      },
    ]);
  });
});
