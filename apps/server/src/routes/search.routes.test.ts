import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { type Client, client } from '../../test/http.ts';
import { seedRecording } from '../../test/seed-recording.ts';
import type { StoredSpeaker } from '../db/json-columns.ts';
import { audio, content, transcriptions, users } from '../db/schema.ts';

interface Hit {
  item_id: string;
  kind: string;
  title: string;
  type: string;
  snippet: string;
  start: number | null;
  end: number | null;
  speaker: string | null;
  speaker_name: string | null;
  rank: number;
}
interface Results {
  hits: Hit[];
  total: number;
  total_capped: boolean;
  match: 'words' | 'similar';
  page: number;
}

type Seg = { start: number; end: number; text: string; speaker?: string };

/** Search over titles, descriptions, transcript segments and written pieces, on each database. */
describe.each(drivers)('library search on %s', (driver) => {
  let t: TestContext;
  let me: Client;
  let other: Client;
  const ids: Record<string, string> = {};

  async function userId(email: string): Promise<string> {
    const [row] = await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error('no user');
    return row.id;
  }

  /** An audio item with its transcript, as the pipeline leaves it. */
  async function recording(
    owner: string,
    values: {
      title: string;
      description?: string;
      language?: string;
      segments: Seg[];
      speakers?: StoredSpeaker[];
    },
  ): Promise<string> {
    const { itemId } = await seedRecording(t.ctx.database.db, owner, {
      title: values.title,
      segments: values.segments,
      speakers: values.speakers,
      language: values.language,
      audio: { description: values.description ?? null },
      transcription: { provider: 'whisper' },
    });
    return itemId;
  }

  const search = async (who: Client, query: string): Promise<Results> => {
    const res = await who.get(`/api/v1/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Results;
  };
  const q = (words: string) => `q=${encodeURIComponent(words)}`;

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false });
    me = await client(t, 'search-me@example.com');
    other = await client(t, 'search-other@example.com');
    const mine = await userId('search-me@example.com');
    const theirs = await userId('search-other@example.com');
    ids.interview = await recording(mine, {
      title: 'Garden interview',
      description: 'Roses, water and sun',
      segments: [
        { start: 0, end: 4.2, text: 'Welcome to the show, today we talk about gardens.', speaker: 'S1' },
        { start: 4.2, end: 9.8, text: 'I have grown roses for twenty years.', speaker: 'S2' },
        { start: 9.8, end: 15.5, text: 'The zeppelin flew over the greenhouse that morning.', speaker: 'S2' },
        { start: 15.5, end: 21, text: 'We review the budget for seeds every spring.', speaker: 'S1' },
      ],
      speakers: [
        { id: 'S1', name: 'Maria Lopez', colour: '#0072B2' },
        { id: 'S2', name: null, colour: '#D55E00' },
      ],
    });
    ids.meeting = await recording(mine, {
      title: 'Team meeting',
      segments: [
        { start: 0, end: 6, text: 'The budget review is on Monday, bring the numbers.' },
        { start: 6, end: 12.25, text: 'Our client keeps running late with feedback.' },
        { start: 12.25, end: 18, text: 'Roses are a gift for the customer, not the budget.' },
      ],
    });
    ids.budget = await recording(mine, {
      title: 'Budget',
      segments: [{ start: 0, end: 5, text: 'Short note about spending this quarter.' }],
    });
    ids.spanish = await recording(mine, {
      title: 'Receta de la abuela',
      language: 'es',
      segments: [
        { start: 0, end: 5, text: 'Hoy cocinamos con los gatos mirando.' },
        { start: 5, end: 11.5, text: 'Las canciones de mi abuela sonaban en la cocina.' },
      ],
    });
    ids.escaped = await recording(mine, {
      title: 'Markup',
      segments: [{ start: 2, end: 3, text: 'The <b>bold</b> tag & "quotes" in a transcript.' }],
    });
    ids.joined = await recording(mine, {
      title: 'Joined',
      segments: [{ start: 7, end: 9, text: 'It was changed in the browser.A safe link.' }],
    });
    ids.theirs = await recording(theirs, {
      title: 'Zeppelin budget gardens',
      segments: [{ start: 1, end: 2, text: 'Their zeppelin, budget review and roses and gardens.' }],
    });
    const { db } = t.ctx.database;
    const [doc] = await db
      .insert(transcriptions)
      .values({
        source: 'document',
        title: 'Orchard plan',
        description: 'Apple trees',
        userId: mine,
        originalText: 'Plant the apple trees in autumn.',
        language: 'en',
        provider: 'document',
        segments: [{ start: 0, end: 0, text: 'Plant the apple trees in autumn.' }],
      })
      .returning({ id: transcriptions.id });
    ids.document = doc?.id ?? '';
    await db.insert(content).values({
      userId: mine,
      transcriptionId: doc?.id ?? '',
      contentType: 'blog_post',
      language: 'en',
      status: 'completed',
      body: {
        title: 'Why orchards matter',
        text: 'Pollinators visit blossoming orchards.',
        blocks: [],
        key_points: [],
        quotes: [],
        keywords: [],
        details: null,
        word_count: 4,
      },
    });
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('gives a transcript hit the second its segment starts and its speaker, named or not', async () => {
    const zeppelin = await search(me, q('zeppelin'));
    expect(zeppelin.match).toBe('words');
    expect(zeppelin.hits).toHaveLength(1);
    expect(zeppelin.hits[0]).toMatchObject({
      item_id: ids.interview,
      kind: 'audio',
      title: 'Garden interview',
      type: 'transcript',
      start: 9.8,
      end: 15.5,
      speaker: 'S2',
      speaker_name: 'Speaker 2',
    });
    expect(zeppelin.hits[0]?.snippet).toContain('<mark>zeppelin</mark>');
    const seeds = await search(me, q('seeds'));
    expect(seeds.hits[0]).toMatchObject({ start: 15.5, speaker: 'S1', speaker_name: 'Maria Lopez' });
    // The speaker's name is searchable too.
    const maria = await search(me, q('maria'));
    expect(maria.hits.map((h) => h.start).sort()).toEqual([0, 15.5]);
  });

  it('ranks a title above the same word in a transcript', async () => {
    const found = await search(me, q('budget'));
    expect(found.hits[0]).toMatchObject({ item_id: ids.budget, type: 'title', start: null });
    expect(found.hits.map((h) => h.item_id)).toEqual(
      expect.arrayContaining([ids.budget, ids.meeting, ids.interview]),
    );
    expect(found.total).toBe(found.hits.length);
  });

  it('matches a quoted phrase only where its words stand together', async () => {
    const loose = await search(me, q('review budget'));
    expect(
      loose.hits
        .filter((h) => h.type === 'transcript')
        .map((h) => h.start)
        .sort(),
    ).toEqual([0, 15.5]);
    const phrase = await search(me, q('"budget review"'));
    expect(phrase.hits).toHaveLength(1);
    expect(phrase.hits[0]).toMatchObject({ item_id: ids.meeting, start: 0 });
  });

  it('leaves out passages with an excluded word, and takes either word with or', async () => {
    const roses = await search(me, q('roses'));
    expect(new Set(roses.hits.map((h) => h.item_id))).toEqual(new Set([ids.interview, ids.meeting]));
    const notBudget = await search(me, q('roses -budget'));
    expect(notBudget.hits.every((h) => h.item_id === ids.interview)).toBe(true);
    expect(notBudget.hits.some((h) => h.start === 4.2)).toBe(true);
    const either = await search(me, q('zeppelin or autumn'));
    expect(new Set(either.hits.map((h) => h.item_id))).toEqual(new Set([ids.interview, ids.document]));
  });

  it('stems words in the language of each item', async () => {
    // English: "run" finds "running", "garden" finds "gardens".
    const run = await search(me, q('run'));
    expect(run.hits[0]).toMatchObject({ item_id: ids.meeting, start: 6 });
    expect(
      (await search(me, q('garden'))).hits.some((h) => h.start === 0 && h.item_id === ids.interview),
    ).toBe(true);
    // Spanish: "gato" finds "gatos", "canción" finds "canciones".
    const gato = await search(me, q('gato'));
    expect(gato.match).toBe('words');
    expect(gato.hits[0]).toMatchObject({ item_id: ids.spanish, start: 0 });
    const cancion = await search(me, q('canción'));
    expect(cancion.hits[0]).toMatchObject({ item_id: ids.spanish, start: 5 });
    expect(cancion.hits[0]?.snippet).toContain('<mark>canciones</mark>');
  });

  it('finds misspelt and unfinished words by their spelling when no word matches', async () => {
    const misspelt = await search(me, q('zepelin'));
    expect(misspelt.match).toBe('similar');
    expect(misspelt.hits[0]).toMatchObject({ item_id: ids.interview, start: 9.8 });
    expect(misspelt.hits[0]?.snippet).toContain('<mark>zeppelin</mark>');
    const partial = await search(me, q('greenho'));
    expect(partial.match).toBe('similar');
    expect(partial.hits[0]).toMatchObject({ item_id: ids.interview, start: 9.8 });
    const nothing = await search(me, q('xylophone'));
    expect(nothing).toMatchObject({ hits: [], total: 0 });
  });

  it("never shows another user's items", async () => {
    for (const words of ['zeppelin', 'gardens', '"budget review"', 'zepelin', 'their']) {
      const found = await search(me, q(words));
      expect(found.hits.every((h) => h.item_id !== ids.theirs)).toBe(true);
    }
    const theirs = await search(other, q('zeppelin'));
    expect(new Set(theirs.hits.map((h) => h.item_id))).toEqual(new Set([ids.theirs]));
    expect((await search(other, q('greenhouse'))).hits).toEqual([]);
  });

  it('searches documents and written pieces, and filters by type', async () => {
    const apple = await search(me, q('apple'));
    expect(apple.hits.every((h) => h.item_id === ids.document && h.kind === 'document')).toBe(true);
    expect(new Set(apple.hits.map((h) => h.type))).toEqual(new Set(['description', 'transcript']));
    expect(apple.hits.find((h) => h.type === 'transcript')?.start).toBeNull();
    const pollinators = await search(me, q('pollinators'));
    expect(pollinators.hits[0]).toMatchObject({
      item_id: ids.document,
      type: 'content',
      title: 'Orchard plan',
    });
    const onlyTitles = await search(me, `${q('budget')}&type=title`);
    expect(onlyTitles.hits.map((h) => h.item_id)).toEqual([ids.budget]);
  });

  it('escapes the text of a snippet and marks only the words found', async () => {
    const found = await search(me, q('bold'));
    expect(found.hits[0]?.snippet).toBe(
      'The &lt;b&gt;<mark>bold</mark>&lt;/b&gt; tag &amp; &quot;quotes&quot; in a transcript.',
    );
  });

  it('reads a sentence run into the next as two words', async () => {
    const found = await search(me, q('browser'));
    expect(found.match).toBe('words');
    expect(found.hits[0]).toMatchObject({ item_id: ids.joined, start: 7 });
    expect(found.hits[0]?.snippet).toBe('It was changed in the <mark>browser</mark>. A safe link.');
  });

  it('follows edits, renames and deletions', async () => {
    const { db } = t.ctx.database;
    await db
      .update(transcriptions)
      .set({ editedText: 'Hoy cocinamos con los perros mirando.\n\nLas canciones de mi abuela.' })
      .where(eq(transcriptions.audioId, ids.spanish as string));
    expect((await search(me, q('gatos'))).hits).toEqual([]);
    const perro = await search(me, q('perro'));
    expect(perro.hits[0]).toMatchObject({ item_id: ids.spanish, type: 'transcript', start: null });
    await db
      .update(audio)
      .set({ title: 'Recetas familiares' })
      .where(eq(audio.id, ids.spanish as string));
    expect((await search(me, q('receta'))).hits[0]).toMatchObject({
      type: 'title',
      title: 'Recetas familiares',
    });
    await db.delete(audio).where(eq(audio.id, ids.spanish as string));
    expect((await search(me, q('perro'))).hits).toEqual([]);
  });

  it('refuses an empty or overlong query in the error shape', async () => {
    for (const query of ['q=', `q=${'a'.repeat(201)}`, `${q('x')}&type=everything`, `${q('x')}&page=0`]) {
      const res = await me.get(`/api/v1/search?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed', detail: expect.anything() });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/search?${q('zeppelin')}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
