// A quote card says who said the quote when the transcript's voice is named, looked up from the
// segment the quote starts in; an unnamed voice names no one, and another user's piece is a 404.
import type { ContentBody, GenerationResult } from '@voxpress/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../../test/harness.ts';
import { signUp } from '../../../../test/http.ts';
import { seedVoicedItem } from '../../../../test/seed-item.ts';
import { content } from '../../../db/schema.ts';
import { pendingTranslation } from '../../../mappers/content-mapper.ts';

describe.each(drivers)('quote speakers on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let other: string;
  let contentId: string;
  const segments = [
    { start: 0, end: 4, text: 'Welcome back to the garden hour.', speaker: 'S2' },
    { start: 4, end: 9, text: 'I have grown roses for twenty years now.', speaker: 'S1' },
    { start: 9, end: 13, text: 'Water in the morning and plenty of sun.', speaker: 'S1' },
    { start: 13, end: 17, text: 'And never prune before the last frost.', speaker: 'S2' },
  ];

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    token = await signUp(t.app, 'gardener@example.com');
    other = await signUp(t.app, 'someone@example.com');
    const { userId, transcriptionId } = await seedVoicedItem(t, token, {
      title: 'Roses',
      segments,
      speakers: [
        { id: 'S1', name: 'Ana Ruiz', colour: '#0072B2' },
        { id: 'S2', name: null, colour: '#D55E00' },
      ],
    });
    const named = { text: 'Water in the morning and plenty of sun.', segment_ids: [2], start: 9 };
    const unnamed = { text: 'And never prune before the last frost.', segment_ids: [3], start: 13 };
    const body: ContentBody = {
      title: 'Roses',
      text: 'Roses',
      blocks: [
        { type: 'paragraph', text: 'I have grown roses for twenty years now.', segment_ids: [1], start: 4 },
      ],
      key_points: [{ text: 'Water in the morning', segment_ids: [2], start: 9 }],
      quotes: [named, unnamed],
      keywords: [],
      details: null,
      word_count: 9,
    };
    const [c] = await t.ctx.database.db
      .insert(content)
      .values({
        userId,
        transcriptionId,
        contentType: 'blog_post',
        title: 'Roses',
        language: 'en',
        languages: ['en'],
        status: 'completed',
        body,
        translations: {
          en: {
            ...pendingTranslation(true),
            title: 'Roses',
            text: 'Roses',
            status: 'completed',
            blocks: body.blocks,
          },
        },
      })
      .returning({ id: content.id });
    if (!c) throw new Error('the piece was not stored');
    contentId = c.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const generate = (who: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/infographics/react/generate',
      headers: { authorization: `Bearer ${who}` },
      payload: { content_id: contentId, content_type: 'enhanced', variation_count: 5 },
    });

  it('names the voice that said the quote, with its time', async () => {
    const res = await generate(token);
    expect(res.statusCode, res.body).toBe(200);
    const quotes = (res.json() as GenerationResult).variations.flatMap((v) =>
      v.data?.quote ? [v.data.quote] : [],
    );
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) {
      if (q.text.startsWith('Water')) expect(q).toMatchObject({ speaker: 'Ana Ruiz', start: 9 });
      else expect(q.speaker).toBeUndefined();
    }
  });

  it("does not draw another user's piece", async () => {
    expect((await generate(other)).statusCode).toBe(404);
  });
});
