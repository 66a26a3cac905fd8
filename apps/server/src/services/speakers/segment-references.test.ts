import type { ContentBody } from '@voxpress/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../test/harness.ts';
import { signUp } from '../../../test/http.ts';
import { seedVoicedItem } from '../../../test/seed-item.ts';
import { content } from '../../db/schema.ts';
import { pendingTranslation } from '../../mappers/content-mapper.ts';
import { afterSplit, remapSegmentIds } from './segment-references.ts';

describe('segment references after a split', () => {
  it('names both halves of the cut segment and moves every later one up', () => {
    const map = afterSplit(2);
    expect([0, 1, 2, 3, 7].map(map)).toEqual([[0], [1], [2, 3], [4], [8]]);
  });

  it('rewrites segment_ids at any depth, sorted without repeats, and nothing else', () => {
    const body = {
      blocks: [{ type: 'paragraph', text: 'a', segment_ids: [1, 2, 3], start: 4 }],
      quotes: [{ text: 'q', segment_ids: [2], start: 5 }],
      details: { meeting_data: { decisions: [{ text: 'd', segment_ids: [0] }] } },
      keywords: ['segment_ids'],
    };
    const out = remapSegmentIds(body, afterSplit(2));
    expect(out.blocks[0]?.segment_ids).toEqual([1, 2, 3, 4]);
    expect(out.quotes[0]).toEqual({ text: 'q', segment_ids: [2, 3], start: 5 });
    // Untouched parts are the very same objects.
    expect(out.details).toBe(body.details);
    expect(out.keywords).toBe(body.keywords);
    expect(remapSegmentIds(body, afterSplit(9))).toBe(body);
  });
});

/** A quote's words, read back from the segments it cites. */
function cited(segments: { text: string }[], ids: number[]): string {
  return ids.map((i) => segments[i]?.text ?? '?').join(' ');
}

describe.each(drivers)('a citation after a split on %s', (driver) => {
  let t: TestContext;
  let token: string;
  let other: string;
  let audioId: string;
  let contentId: string;
  const segments = [
    { start: 0, end: 3, text: 'Welcome to the show about gardens.', speaker: 'S1' },
    { start: 3, end: 8, text: 'Thank you. I have grown roses for twenty years now.', speaker: 'S1' },
    { start: 8, end: 11, text: 'What is the secret of a healthy rose?', speaker: 'S1' },
    { start: 11, end: 15, text: 'Water in the morning and plenty of sun.', speaker: 'S2' },
  ];

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    token = await signUp(t.app, 'gardener@example.com');
    other = await signUp(t.app, 'someone@example.com');
    const seeded = await seedVoicedItem(t, token, {
      title: 'Roses',
      segments,
      speakers: [
        { id: 'S1', name: 'Ana', colour: '#0072B2' },
        { id: 'S2', name: null, colour: '#D55E00' },
      ],
    });
    audioId = seeded.audioId;
    const { userId, transcriptionId } = seeded;
    const { db } = t.ctx.database;
    const quote = { text: 'Water in the morning and plenty of sun.', segment_ids: [3], start: 11 };
    const roses = { text: 'I have grown roses for twenty years now.', segment_ids: [1], start: 3 };
    const body: ContentBody = {
      title: 'Roses',
      text: 'Roses',
      blocks: [{ type: 'quote', ...roses }],
      key_points: [{ text: 'Morning water', segment_ids: [3], start: 11 }],
      quotes: [roses, quote],
      keywords: [],
      details: null,
      word_count: 9,
    };
    const [c] = await db
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
            service: 'composer',
            blocks: body.blocks,
            metadata: { word_count: 9 },
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

  const as = (who: string) => ({ authorization: `Bearer ${who}` });
  const transcript = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/v1/audio/${audioId}/transcription`, headers: as(token) })
    ).json() as { segments: { text: string; speaker_name: string | null }[] };
  const piece = async () => {
    const [row] = await t.ctx.database.db.select().from(content).where(eq(content.id, contentId));
    if (!row?.body) throw new Error('the piece or its body is gone');
    return { body: row.body, translations: row.translations };
  };

  it("leaves another user's transcript and its citations alone", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audioId}/speakers/split`,
      headers: as(other),
      payload: { segment_index: 1, at_seconds: 4 },
    });
    expect(res.statusCode).toBe(404);
    expect((await piece()).body.quotes[1]?.segment_ids).toEqual([3]);
  });

  it('keeps every quote resolving to the same words once a turn before it is split', async () => {
    const before = (await transcript()).segments;
    const { body } = await piece();
    const words = body.quotes.map((q) => cited(before, q.segment_ids));
    expect(words[1]).toBe('Water in the morning and plenty of sun.');

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audioId}/speakers/split`,
      headers: as(token),
      payload: { segment_index: 1, at_seconds: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await transcript()).segments;
    expect(after).toHaveLength(5);
    expect(after[1]?.text).toBe('Thank you.');
    expect(after[1]?.speaker_name).toBe('Ana');
    expect(after[2]?.speaker_name).toBe('Speaker 3');

    const moved = await piece();
    // The quote after the split point still reads the same words, now at index 4.
    expect(moved.body.quotes[1]?.segment_ids).toEqual([4]);
    expect(cited(after, moved.body.quotes[1]?.segment_ids ?? [])).toBe(words[1]);
    expect(moved.body.key_points[0]?.segment_ids).toEqual([4]);
    // A quote of the split segment names both halves, so it still holds every one of its words.
    expect(moved.body.quotes[0]?.segment_ids).toEqual([1, 2]);
    expect(cited(after, moved.body.quotes[0]?.segment_ids ?? [])).toBe(words[0]);
    expect(cited(after, moved.body.quotes[0]?.segment_ids ?? [])).toContain(
      'I have grown roses for twenty years now.',
    );
    // The translation's blocks move with the body's.
    expect(moved.translations.en?.blocks[0]?.segment_ids).toEqual([1, 2]);
  });

  it('names each quote’s speaker as the voices now stand, after a rename, a merge or an unnaming', async () => {
    const speakersOf = async () => (await piece()).body.quotes.map((q) => q.speaker);
    // The split quote spans Ana and the new voice: it names neither. The guest is unnamed.
    expect(await speakersOf()).toEqual([undefined, undefined]);
    const rename = (speaker: string, name: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/audio/${audioId}/speakers/${speaker}`,
        headers: as(token),
        payload: { name },
      });
    expect((await rename('S2', 'Ben')).statusCode).toBe(200);
    expect(await speakersOf()).toEqual([undefined, 'Ben']);
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/audio/${audioId}/speakers/merge`,
      headers: as(token),
      payload: { from: 'S3', into: 'S1' },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await speakersOf()).toEqual(['Ana', 'Ben']);
    // Back to the stand-in: "Speaker 2" is no one's name.
    expect((await rename('S2', '')).statusCode).toBe(200);
    expect(await speakersOf()).toEqual(['Ana', undefined]);
    expect(JSON.stringify((await piece()).body.quotes)).not.toContain('Speaker 2');
  });
});
