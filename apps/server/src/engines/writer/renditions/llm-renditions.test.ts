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
  let provider: OpenAiCompatibleProvider;

  beforeAll(async () => {
    await fake.start();
    fake.handler = openAiChatHandler((body: ChatBody) => {
      prompts.push(userText(body));
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

  it('fails when nothing it wrote rests on the piece, so the composer takes over', async () => {
    answer = { parts: [{ text: 'Something else entirely.', block_ids: [] }] };
    await expect(run('linkedin')).rejects.toMatchObject({ name: 'WriterError', failure: 'invalid_output' });
  });
});
