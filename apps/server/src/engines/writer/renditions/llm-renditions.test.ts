import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  anthropicMessagesHandler,
  type ChatBody,
  type ModelReply,
  openAiChatHandler,
  userText,
} from '../../../../test/fake-llm-servers.ts';
import { AnthropicProvider, type LlmProvider, OpenAiCompatibleProvider } from '../llm/llm-providers.ts';
import { WriterError } from '../llm/writer-errors.ts';
import { llmRendition } from './llm-renditions.ts';
import { rulesFor } from './platform-rules.ts';
import type { RenditionSource } from './rendition-source.ts';
import { xWeightedLength } from './x-weight.ts';

const piece: RenditionSource = {
  title: 'Slow bread',
  language: 'en',
  keywords: ['bread'],
  markdown: '',
  blocks: [
    {
      type: 'paragraph',
      text: 'Good bread needs time. Let the dough rise overnight.',
      segment_ids: [0],
      start: null,
    },
    { type: 'paragraph', text: 'Bake it hot in a heavy pot.', segment_ids: [1], start: null },
  ],
};

/** A model on 127.0.0.1 speaking the OpenAI chat API; each test sets its answer. */
describe('language model renditions, held to the piece and the platform in code', () => {
  const fake = new FakeHttpServer();
  let answer: { parts: { text: string; block_ids: number[] }[] } = { parts: [] };
  const prompts: string[] = [];
  const systems: string[] = [];
  let provider: OpenAiCompatibleProvider;

  beforeAll(async () => {
    await fake.start();
    const chat = openAiChatHandler((body: ChatBody) => {
      prompts.push(userText(body));
      systems.push(JSON.stringify(body));
      return { text: JSON.stringify(answer) };
    });
    // A connection per request: holding a long caption to the rules can keep this process busy
    // for longer than the server keeps an idle connection, and a reused one would then be reset.
    fake.handler = (req, res) => {
      res.setHeader('connection', 'close');
      return chat(req, res);
    };
    provider = new OpenAiCompatibleProvider({
      baseUrl: `${fake.url}/v1`,
      apiKey: 'sk-test',
      model: 'gpt-test',
    });
  });
  afterAll(() => fake.stop());

  const run = (platform: string) =>
    llmRendition(
      provider,
      { timeoutMs: 10_000, maxRetries: 0 },
      piece,
      rulesFor(platform),
      undefined,
      AbortSignal.timeout(20_000),
    );

  it('numbers the thread itself, re-splits a post that is too long and drops parts that cite nothing', async () => {
    answer = {
      parts: [
        { text: '1/9 Good bread needs time.', block_ids: [0] },
        { text: `${'Let the dough rise overnight. '.repeat(14)}`.trim(), block_ids: [0] },
        { text: 'Buy our flour today!', block_ids: [] },
        { text: 'Bake it hot in a heavy pot.', block_ids: [1, 99] },
      ],
    };
    const { parts } = await run('twitter');
    expect(prompts.at(-1)).toContain('#0 Good bread needs time. Let the dough rise overnight.');
    expect(parts[0]).toMatch(/^1\/\d+ Good bread needs time\.$/);
    expect(parts.join(' ')).not.toContain('Buy our flour');
    expect(parts.length).toBeGreaterThan(3);
    parts.forEach((p, i) => {
      expect(p.startsWith(`${i + 1}/${parts.length} `)).toBe(true);
      expect(xWeightedLength(p)).toBeLessThanOrEqual(280);
    });
  });

  it('cuts a caption to 2,200 characters and 30 hashtags', async () => {
    prompts.length = 0;
    const tags = Array.from({ length: 40 }, (_, i) => `#tag${i}`).join(' ');
    answer = {
      parts: [{ text: `${'Bake it hot in a heavy pot. '.repeat(100)}\n\n${tags}`, block_ids: [1] }],
    };
    const [caption = ''] = (await run('instagram')).parts;
    expect(caption.length).toBeLessThanOrEqual(2200);
    expect((caption.match(/#tag\d+/g) ?? []).length).toBeLessThanOrEqual(30);
    expect(prompts).toHaveLength(1);
  });

  it('asks for a hook, whole sentences, no list markers and hashtags of the piece, and holds the thread to them', async () => {
    prompts.length = 0;
    answer = {
      parts: [
        { text: 'Slow bread', block_ids: [0] },
        { text: '• Good bread needs time.\n1. Let the dough rise overnight.', block_ids: [0] },
        { text: 'Bake it hot in a heavy pot. #Bread #Sourdough', block_ids: [1] },
      ],
    };
    const { parts } = await run('twitter');
    const system = systems.at(-1) ?? '';
    expect(system).toContain('not the title alone');
    expect(system).toContain('ends at the end of a sentence');
    expect(system).toContain('No list markers');
    expect(system).toContain("Hashtags are made only of the piece's keywords or words of its text");
    // The title alone is no post: it opens the first one.
    expect(parts).toEqual([
      '1/2 Slow bread\n\nGood bread needs time.\nLet the dough rise overnight.',
      '2/2 Bake it hot in a heavy pot. #Bread',
    ]);
    // Mended, not refused: asked once.
    expect(prompts).toHaveLength(1);
  });

  it('gives LinkedIn three to five hashtags of the piece and keeps Facebook short', async () => {
    answer = {
      parts: [
        {
          text: 'Good bread needs time.\n\nBake it hot. #Bread #Baking #Flour #Yeast #Oven #Pot #Dough',
          block_ids: [0],
        },
      ],
    };
    const [linkedin = ''] = (await run('linkedin')).parts;
    expect(systems.at(-1)).toContain('3 to 5 hashtags');
    // Only #Bread, #Pot and #Dough are words of the piece.
    expect(linkedin).toBe('Good bread needs time.\n\nBake it hot. #Bread #Pot #Dough');
    answer = { parts: [{ text: 'Good bread needs time. #Yeast', block_ids: [0] }] };
    const [topped = ''] = (await run('linkedin')).parts;
    // Too few: the piece's keywords and words make them up to three.
    expect(topped).toMatch(/^Good bread needs time\.\n\n#Bread #\w+ #\w+$/);
    answer = { parts: [{ text: 'Good bread needs time. '.repeat(100).trim(), block_ids: [0] }] };
    const [facebook = ''] = (await run('facebook')).parts;
    expect(facebook.length).toBeLessThanOrEqual(1500);
    expect(facebook).toMatch(/time\.$/);
  });

  it('fails when nothing it wrote rests on the piece, even when asked again, so the composer takes over', async () => {
    prompts.length = 0;
    answer = { parts: [{ text: 'Something else entirely.', block_ids: [] }] };
    await expect(run('linkedin')).rejects.toMatchObject({ name: 'WriterError', failure: 'invalid_output' });
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain(
      'Its parts said:\n"""\nSomething else entirely.\n"""\nIt was refused because:\n- none of its parts cited a line of the piece in block_ids',
    );
  });

  it('asks once when the first answer keeps every rule', async () => {
    prompts.length = 0;
    answer = { parts: [{ text: 'Good bread needs time.', block_ids: [0] }] };
    expect((await run('facebook')).parts).toEqual(['Good bread needs time.']);
    expect(prompts).toHaveLength(1);
  });
});

/** A piece long enough that pasting it is told apart from writing for the platform. */
const loaf: RenditionSource = {
  title: 'Why my bread finally works',
  language: 'en',
  keywords: ['sourdough', 'bread'],
  markdown: '',
  blocks: [
    'For years my sourdough came out flat and dense.',
    'The starter was fine, but I rushed the rise every single time.',
    'Now the dough rests overnight in the fridge, about twelve hours.',
    'Cold dough is easier to shape, and the crumb opens up.',
    'I bake it at 250 degrees in a heavy cast iron pot.',
    'The lid stays on for the first twenty minutes to trap the steam.',
    'Then the lid comes off and the crust turns dark and crisp.',
    'The loaf cools for an hour before anyone is allowed to cut it.',
  ].map((text, i) => ({ type: 'paragraph' as const, text, segment_ids: [i], start: null })),
};

type Answer = { parts: { text: string; block_ids: number[] }[] };
/** The article pasted in, block by block (with a stray hashtag at its end). */
const pasted: Answer = {
  parts: loaf.blocks.map((b, i) => ({
    text: i === loaf.blocks.length - 1 ? `${b.text} #Crypto` : b.text,
    block_ids: [i],
  })),
};
const linkedinPost =
  'Flat, dense sourdough for years, and the starter was never the problem.\n\nThe rise was. Now the dough rests overnight in the fridge, about twelve hours, and the crumb opens up.\n\nA heavy pot with the lid on for twenty minutes does the rest.\n\n#Sourdough #Bread #Dough';

/**
 * A refused rendition is asked for once more, with the reasons, through each kind of model server;
 * only when the second answer is refused too does the caller fall back to the composer.
 */
describe('language model renditions asked for again when refused', () => {
  const fake = new FakeHttpServer();
  /** The answers, in the order the requests come; a request past them hangs. */
  let replies: Array<Answer | ModelReply> = [];
  let onRequest: (n: number) => void = () => undefined;
  const prompts: string[] = [];
  let anthropic = false;

  beforeAll(async () => {
    await fake.start();
    const model = (body: ChatBody): ModelReply => {
      prompts.push(userText(body));
      onRequest(prompts.length);
      const reply = replies[prompts.length - 1] ?? { hang: true };
      return 'parts' in reply ? { text: JSON.stringify(reply) } : reply;
    };
    const openai = openAiChatHandler(model);
    const messages = anthropicMessagesHandler(model);
    fake.handler = (req, res) => {
      res.setHeader('connection', 'close');
      return anthropic ? messages(req, res) : openai(req, res);
    };
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    prompts.length = 0;
    replies = [];
    onRequest = () => undefined;
    anthropic = false;
  });

  const openai = () =>
    new OpenAiCompatibleProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'sk-test', model: 'gpt-test' });
  const claude = () => {
    anthropic = true;
    return new AnthropicProvider({ baseUrl: `${fake.url}/v1`, apiKey: 'sk-ant-test', model: 'claude-test' });
  };
  const run = (
    provider: LlmProvider,
    platform: string,
    more: { timeoutMs?: number; now?: () => number; signal?: AbortSignal } = {},
  ) =>
    llmRendition(
      provider,
      { timeoutMs: more.timeoutMs ?? 10_000, maxRetries: 0, ...(more.now ? { now: more.now } : {}) },
      loaf,
      rulesFor(platform),
      undefined,
      more.signal ?? AbortSignal.timeout(30_000),
    );
  /** The reasons a retry prompt gives, one a line. */
  const reasons = (prompt: string | undefined) =>
    (prompt ?? '').split('It was refused because:\n')[1]?.split('\n\n')[0]?.split('\n') ?? [];

  it("uses the model's second answer when the first is refused, and tells it why the first was", async () => {
    replies = [pasted, { parts: [{ text: linkedinPost, block_ids: [0, 1, 2, 4, 5] }] }];
    const draft = await run(openai(), 'linkedin');
    expect(draft.parts).toEqual([linkedinPost]);
    expect(prompts).toHaveLength(2);
    const [first = '', retry = ''] = prompts;
    // The same request, then what it would have been posted as, why it was refused and what was mended.
    expect(retry.startsWith(`${first}\n\nYour previous answer was refused.`)).toBe(true);
    expect(retry).toContain(
      'it would have been posted as:\n"""\nFor years my sourdough came out flat and dense.',
    );
    expect(reasons(retry)).toEqual([
      '- it is the article pasted in, not written for the platform',
      'Also wrong in your answer (mended in code this time):',
      "- hashtags not made of the piece's keywords or words were taken out: #Crypto",
      '- it has 1 hashtag; LinkedIn takes 3 to 5',
    ]);
    expect(retry).toMatch(/Write the LinkedIn rendition again from the piece, correcting all of this/);
  });

  it('tells an X thread which post was over 280 as X counts, through the Anthropic API, and numbers the second answer', async () => {
    const overlong = { text: Array(12).fill(loaf.blocks[3]?.text).join(' '), block_ids: [3] };
    replies = [
      { parts: [...pasted.parts.slice(0, 3), overlong, ...pasted.parts.slice(3)] },
      {
        parts: [
          { text: 'My sourdough was flat for years. The starter was not the problem.', block_ids: [0, 1] },
          { text: 'The dough now rests overnight in the fridge, about twelve hours.', block_ids: [2] },
          {
            text: 'Lid on for twenty minutes, then off for a dark, crisp crust. #Sourdough',
            block_ids: [5, 6],
          },
        ],
      },
    ];
    const before = fake.requestsTo('/v1/messages').length;
    const draft = await run(claude(), 'twitter');
    expect(draft.parts).toEqual([
      '1/3 My sourdough was flat for years. The starter was not the problem.',
      '2/3 The dough now rests overnight in the fridge, about twelve hours.',
      '3/3 Lid on for twenty minutes, then off for a dark, crisp crust. #Sourdough',
    ]);
    expect(fake.requestsTo('/v1/messages').length - before).toBe(2);
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain('(the post numbers are added there too)');
    expect(reasons(prompts[1])).toEqual([
      '- it is the article pasted in, not written for the platform',
      'Also wrong in your answer (mended in code this time):',
      '- the part beginning "Cold dough is easier to shape,…" is 659 characters as X counts; a post may have 274 before its number, so it was split',
      "- hashtags not made of the piece's keywords or words were taken out: #Crypto",
    ]);
  });

  it('refuses when the second answer is refused too, naming both, so the composer writes it', async () => {
    replies = [pasted, pasted];
    const failed = await run(openai(), 'instagram').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(WriterError);
    expect(failed).toMatchObject({ failure: 'invalid_output' });
    expect((failed as Error).message).toBe(
      'OpenAI-compatible server at ' +
        `${fake.url}/v1 (gpt-test): the instagram rendition was refused: it is the article pasted in, not written for the platform (asked again after: it is the article pasted in, not written for the platform)`,
    );
    expect(prompts).toHaveLength(2);
    expect(reasons(prompts[1])).toContain(
      '- it has 1 hashtag; Instagram takes 5 to 20 at the end (never more than 30)',
    );
  });

  it('does not ask again when the time of the rendition has run out', async () => {
    let clock = 0;
    // The first answer takes the whole budget.
    onRequest = () => {
      clock += 10_000;
    };
    replies = [pasted, { parts: [{ text: linkedinPost, block_ids: [0] }] }];
    await expect(run(openai(), 'linkedin', { now: () => clock })).rejects.toThrow(
      /the linkedin rendition was refused: it is the article pasted in, not written for the platform \(no time was left to ask again\)$/,
    );
    expect(prompts).toHaveLength(1);
  });

  it('gives the second request only what is left of the time', async () => {
    let clock = 0;
    onRequest = (n) => {
      if (n === 1) clock += 9_000;
    };
    // The second request never finishes: it times out after the second left, not ten.
    replies = [pasted];
    const failed = await run(openai(), 'linkedin', { now: () => clock }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'WriterError', failure: 'timeout' });
    expect((failed as Error).message).toMatch(
      /refused \(it is the article pasted in, not written for the platform\), and asking again failed: .* gave no complete answer within 1000 ms$/,
    );
    expect(prompts).toHaveLength(2);
  });

  it('stops the second request when the rendition is cancelled, with the cancellation', async () => {
    const cancel = new AbortController();
    onRequest = (n) => {
      if (n === 2) cancel.abort(new Error('cancelled by the user'));
    };
    replies = [pasted];
    await expect(run(openai(), 'linkedin', { signal: cancel.signal })).rejects.toThrow(
      'cancelled by the user',
    );
    expect(prompts).toHaveLength(2);
  });
});
