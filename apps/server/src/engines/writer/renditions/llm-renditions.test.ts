import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHttpServer } from '../../../../test/fake-http-server.ts';
import { type ChatBody, openAiChatHandler, userText } from '../../../../test/fake-llm-servers.ts';
import { OpenAiCompatibleProvider } from '../llm/llm-providers.ts';
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
    fake.handler = openAiChatHandler((body: ChatBody) => {
      prompts.push(userText(body));
      systems.push(JSON.stringify(body));
      return { text: JSON.stringify(answer) };
    });
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
    const tags = Array.from({ length: 40 }, (_, i) => `#tag${i}`).join(' ');
    answer = {
      parts: [{ text: `${'Bake it hot in a heavy pot. '.repeat(100)}\n\n${tags}`, block_ids: [1] }],
    };
    const [caption = ''] = (await run('instagram')).parts;
    expect(caption.length).toBeLessThanOrEqual(2200);
    expect((caption.match(/#tag\d+/g) ?? []).length).toBeLessThanOrEqual(30);
  });

  it('asks for a hook, whole sentences, no list markers and hashtags of the piece, and holds the thread to them', async () => {
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

  it('fails when nothing it wrote rests on the piece, so the composer takes over', async () => {
    answer = { parts: [{ text: 'Something else entirely.', block_ids: [] }] };
    await expect(run('linkedin')).rejects.toMatchObject({ name: 'WriterError', failure: 'invalid_output' });
  });
});
