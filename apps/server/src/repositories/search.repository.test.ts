import type { SearchHit } from '@voxpress/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Driver, drivers } from '../../test/harness.ts';
import { seedRecording } from '../../test/seed-recording.ts';
import { type Database, openDatabase, queryRows } from '../db/database.ts';
import { audio, content, transcriptions, users } from '../db/schema.ts';
import { phraseMarks, SearchService, similarWords } from '../services/search/search.service.ts';
import { SEARCH_CANDIDATES, SearchRepository } from './search.repository.ts';

const WORDS = `budget review garden roses meeting client report launch design market sprint quarter
  story recipe travel music morning evening decision risk zeppelin greenhouse seeds numbers`
  .split(/\s+/)
  .filter(Boolean);

/** A deterministic pseudo-random sequence: the same library on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * What a search must answer, written the plain way: every passage of the user's items matching
 * the query, each item looked up to see that the library shows it, all of them ranked, each one
 * highlighted. The repository finds the same passages another way (a flag kept by triggers, only
 * the page highlighted), which must change nothing a user sees.
 */
async function expected(
  db: Database['db'],
  userId: string,
  q: string,
  tsquery?: string,
): Promise<SearchHit[]> {
  const query = tsquery ? sql`${tsquery}::tsquery` : sql`websearch_to_tsquery(p.config::regconfig, ${q})`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.item_id, p.item_kind, coalesce(a.title, d.title, '') as title, p.field, p.start_s, p.end_s,
        p.speaker, p.speaker_name, ts_rank(p.tsv, ${query}) as rank,
        ts_headline(p.config::regconfig,
          replace(replace(replace(replace(replace(voxpress_search_text(p.body), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'),
          ${query},
          case when length(p.body) <= 280 then 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true'
          else 'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "' end) as snippet
      from search_passages p
      left join audio a on p.item_kind = 'audio' and a.id = p.item_id
      left join transcriptions d on p.item_kind = 'document' and d.id = p.item_id
      where p.user_id = ${userId} and p.tsv @@ ${query}
        and ((p.item_kind = 'audio' and a.user_id = ${userId} and a.status <> 'pending_upload'
              and (p.transcription_id is null or a.transcription_id = p.transcription_id))
          or (p.item_kind = 'document' and d.user_id = ${userId} and d.source = 'document'))
      order by rank desc, p.item_id, p.field, p.position, p.id`,
  );
  return rows.map((r) => ({
    item_id: r.item_id as string,
    kind: r.item_kind as 'audio' | 'document',
    title: r.title as string,
    type: r.field as SearchHit['type'],
    // Marked where a quoted phrase was said, as the service shows it (PostgreSQL marks its words anywhere).
    snippet: phraseMarks(r.snippet as string, q),
    start: r.start_s as number | null,
    end: r.end_s as number | null,
    speaker: r.speaker as string | null,
    speaker_name:
      (r.speaker_name as string | null) ??
      (r.speaker ? `Speaker ${/\d+/.exec(r.speaker as string)?.[0]}` : null),
    rank: Number(r.rank),
  }));
}

describe.each(drivers)('search results on %s', (driver) => {
  let database: Database;
  let drop = async () => {};
  let me: string;
  let them: string;
  let search: SearchService;

  async function recording(
    owner: string,
    title: string,
    segments: { start: number; end: number; text: string; speaker?: string }[],
    options: { status?: 'pending_upload' | 'completed'; language?: string; current?: boolean } = {},
  ): Promise<{ audioId: string; transcriptionId: string }> {
    const { db } = database;
    const [a] = await db
      .insert(audio)
      .values({
        userId: owner,
        title,
        description: segments.length > 2 ? `About ${segments[0]?.text.split(' ')[0]}` : null,
        source: 'upload',
        blobKey: `audio/${owner}/${title}.wav`,
        language: options.language ?? 'en-US',
        status: options.status ?? 'completed',
        transcriptionStatus: 'completed',
      })
      .returning({ id: audio.id });
    if (!a) throw new Error('no audio');
    const transcriptionId = await transcript(owner, a.id, segments, options.language);
    if (options.current !== false) await db.update(audio).set({ transcriptionId }).where(eq(audio.id, a.id));
    return { audioId: a.id, transcriptionId };
  }

  async function transcript(
    owner: string,
    audioId: string,
    segments: { start: number; end: number; text: string; speaker?: string }[],
    language = 'en-US',
  ): Promise<string> {
    const [tr] = await database.db
      .insert(transcriptions)
      .values({
        audioId,
        userId: owner,
        originalText: segments.map((s) => s.text).join(' '),
        language,
        provider: 'whisper',
        segments,
        speakers: [{ id: 'S1', name: 'Maria', colour: '#0072B2' }],
      })
      .returning({ id: transcriptions.id });
    if (!tr) throw new Error('no transcript');
    return tr.id;
  }

  /** Every page of a search, one after the other. */
  async function allPages(q: string): Promise<{ hits: SearchHit[]; total: number; match: string }> {
    const hits: SearchHit[] = [];
    let first: Awaited<ReturnType<SearchService['search']>> | undefined;
    for (let page = 1; ; page++) {
      const found = await search.search(me, { q, page });
      first ??= found;
      hits.push(...found.hits);
      if (found.hits.length < found.limit) break;
    }
    return { hits, total: first?.total ?? 0, match: first?.match ?? 'words' };
  }

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(driver));
    const { db } = database;
    const [a, b] = await db
      .insert(users)
      .values([
        { email: 'ranking-me@example.com', fullName: 'Me' },
        { email: 'ranking-them@example.com', fullName: 'Them' },
      ])
      .returning({ id: users.id });
    if (!a || !b) throw new Error('no users');
    me = a.id;
    them = b.id;
    search = new SearchService(db);
    // Forty recordings of words drawn at random (some repeated, some in Spanish), with speakers.
    const next = random(7);
    const words = (n: number) =>
      Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)] as string).join(' ');
    for (let i = 0; i < 40; i++) {
      const segments = Array.from({ length: 1 + Math.floor(next() * 5) }, (_, s) => ({
        start: s * 7.5,
        end: s * 7.5 + 7.5,
        text: `${words(4 + Math.floor(next() * 30))}.`,
        ...(next() < 0.5 ? { speaker: next() < 0.5 ? 'S1' : 'S2' } : {}),
      }));
      await recording(me, `${words(2)} ${i}`, segments, i % 9 === 0 ? { language: 'es' } : {});
    }
    // A long passage is shown in fragments.
    await recording(me, 'Long talk', [{ start: 0, end: 60, text: `${words(120)} zeppelin ${words(80)}` }]);
    // Not shown: an upload that never came, an earlier transcript, another user's recording.
    await recording(me, 'Budget zeppelin pending', [{ start: 0, end: 1, text: 'budget zeppelin' }], {
      status: 'pending_upload',
    });
    const edited = await recording(me, 'Retaken', [{ start: 0, end: 2, text: 'budget roses old take' }]);
    const newer = await transcript(me, edited.audioId, [
      { start: 0, end: 2, text: 'budget greenhouse new take' },
    ]);
    await db.update(audio).set({ transcriptionId: newer }).where(eq(audio.id, edited.audioId));
    await recording(them, 'Their budget zeppelin', [
      { start: 0, end: 1, text: 'budget review zeppelin roses' },
    ]);
    // A document with a written piece.
    const [doc] = await db
      .insert(transcriptions)
      .values({
        source: 'document',
        title: 'Garden budget',
        description: 'Seeds and roses',
        userId: me,
        originalText: 'The budget for seeds.',
        language: 'en',
        provider: 'document',
        segments: [{ start: 0, end: 0, text: 'The budget for seeds and a zeppelin ride.' }],
      })
      .returning({ id: transcriptions.id });
    await db.insert(content).values({
      userId: me,
      transcriptionId: doc?.id ?? '',
      contentType: 'blog_post',
      language: 'en',
      status: 'completed',
      body: {
        title: 'Roses',
        text: 'Budget roses for the garden review.',
        blocks: [],
        key_points: [],
        quotes: [],
        keywords: [],
        details: null,
        word_count: 5,
      },
    });
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await drop();
  });

  it('ranks and highlights the same passages as a plain search of every shown passage', async () => {
    const queries = [
      'zeppelin',
      'budget',
      'budget review',
      '"budget review"',
      'roses -budget',
      'zeppelin or seeds',
      'music morning',
      'maria',
    ];
    for (const q of queries) {
      const want = await expected(database.db, me, q);
      const got = await allPages(q);
      expect(want.length, q).toBeGreaterThan(0);
      expect(want.length, q).toBeLessThan(SEARCH_CANDIDATES);
      expect(got.hits, q).toEqual(want);
      expect(got.total, q).toBe(want.length);
      expect(got.match, q).toBe('words');
    }
    // Found by spelling: the same passages as the words the spelling found.
    const repository = new SearchRepository(database.db);
    const like = await repository.similarQuery(similarWords('zepelin greenhous'));
    expect(like).toBeTruthy();
    const similar = await allPages('zepelin greenhous');
    expect(similar.match).toBe('similar');
    expect(similar.hits).toEqual(await expected(database.db, me, '', like as string));
  });

  it('shows an upload once it came, and only the current transcript of an item', async () => {
    const { db } = database;
    // The titles of the passages found by their words (not by similar spellings).
    const found = async (q: string) => {
      const results = await search.search(me, { q });
      return results.match === 'words' ? results.hits.map((h) => `${h.type} ${h.title}`) : [];
    };
    const waiting = await recording(me, 'Quokka upload', [{ start: 0, end: 1, text: 'quokka words' }], {
      status: 'pending_upload',
    });
    expect(await found('quokka')).toEqual([]);
    await db.update(audio).set({ status: 'completed' }).where(eq(audio.id, waiting.audioId));
    expect(await found('quokka')).toEqual(['title Quokka upload', 'transcript Quokka upload']);
    // A second transcript replaces the first in the results once it is the current one.
    const second = await transcript(me, waiting.audioId, [{ start: 0, end: 1, text: 'wombat words' }]);
    expect(await found('wombat')).toEqual([]);
    await db.update(audio).set({ transcriptionId: second }).where(eq(audio.id, waiting.audioId));
    expect(await found('wombat')).toEqual(['transcript Quokka upload']);
    expect(await found('quokka words')).toEqual([]);
    // Going back to the first brings its passages back, and its written pieces follow it.
    await db.insert(content).values({
      userId: me,
      transcriptionId: waiting.transcriptionId,
      contentType: 'blog_post',
      language: 'en',
      status: 'completed',
      body: {
        title: 'Quokka post',
        text: 'Numbat facts.',
        blocks: [],
        key_points: [],
        quotes: [],
        keywords: [],
        details: null,
        word_count: 5,
      },
    });
    expect(await found('numbat')).toEqual([]);
    await db
      .update(audio)
      .set({ transcriptionId: waiting.transcriptionId })
      .where(eq(audio.id, waiting.audioId));
    expect(await found('numbat')).toEqual(['content Quokka upload']);
    expect(await found('wombat')).toEqual([]);
    // Back to waiting for an upload hides it all; every passage agrees with the plain rule.
    await db.update(audio).set({ status: 'pending_upload' }).where(eq(audio.id, waiting.audioId));
    expect(await found('quokka')).toEqual([]);
    const disagree = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from search_passages p
        left join audio a on p.item_kind = 'audio' and a.id = p.item_id
        left join transcriptions d on p.item_kind = 'document' and d.id = p.item_id
        where p.visible <> coalesce((p.item_kind = 'audio' and a.user_id = p.user_id and a.status <> 'pending_upload'
          and (p.transcription_id is null or a.transcription_id = p.transcription_id))
          or (p.item_kind = 'document' and d.user_id = p.user_id and d.source = 'document'), false)`,
    );
    expect(disagree[0]?.n).toBe(0);
    expect(
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from search_passages where not visible`,
        )
      )[0]?.n,
    ).toBeGreaterThan(0);
  });
});

/** A new migrated database on `driver`, and the step that drops it (PostgreSQL). */
async function migratedDatabase(driver: Driver): Promise<{ database: Database; drop(): Promise<void> }> {
  const pg = driver === 'postgres' ? await createPostgresDatabase() : undefined;
  const database = await openDatabase({ url: pg?.url, dataDir: 'memory' });
  await database.migrate();
  return { database, drop: pg?.drop ?? (async () => {}) };
}

/** Common words: a phrase of them is said in a few segments, its words apart in many. */
const COMMON = 'in the end one of we talk about budget garden a and to at plan it'.split(' ');

/** The words of a text as a search reads them: lower case, without punctuation. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Whether `text` says `phrase`, its words in a row. */
function says(text: string, phrase: string): boolean {
  return ` ${wordsOf(text).join(' ')} `.includes(` ${wordsOf(phrase).join(' ')} `);
}

describe.each(drivers)('quoted phrases of common words on %s', (driver) => {
  let database: Database;
  let drop = async () => {};
  let me: string;
  let search: SearchService;
  /** Every segment of the library: its item, times and text. */
  const said: { itemId: string; start: number; end: number; text: string }[] = [];

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(driver));
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'phrases@example.com', fullName: 'Phrases' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    me = user.id;
    search = new SearchService(db);
    const next = random(11);
    const words = (n: number) =>
      Array.from({ length: n }, () => COMMON[Math.floor(next() * COMMON.length)] as string).join(' ');
    // Sixty recordings of common words drawn at random; a few segments say a phrase outright
    // (one says "in the end" twice), the rest have its words only apart (or by chance in a row).
    const planted: Record<number, string> = {
      3: 'So, in the end, we talk.',
      17: 'One of the gardens.',
      29: 'In the end it is one of the plans, in the end.',
      41: 'We plan it in the end',
      52: 'A budget, and in the end one of the gardens.',
    };
    for (let i = 0; i < 60; i++) {
      const line = planted[i];
      const segments = Array.from({ length: 3 + (i % 4) }, (_, s) => ({
        start: s * 6.5,
        end: s * 6.5 + 6.5,
        text: s === 1 && line ? line : `${words(6 + Math.floor(next() * 10))}.`,
      }));
      const { itemId } = await seedRecording(db, me, {
        title: `Episode ${i}`,
        segments,
        audio: { blobKey: `audio/${me}/${i}.wav` },
        transcription: { provider: 'whisper' },
      });
      said.push(...segments.map((s) => ({ itemId, ...s })));
    }
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    await drop();
  });

  /** Every hit of a search, page after page. */
  async function everyHit(q: string): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    for (let page = 1; ; page++) {
      const found = await search.search(me, { q, page });
      expect(found.match, q).toBe('words');
      hits.push(...found.hits);
      if (found.hits.length < found.limit) return hits;
    }
  }

  const key = (h: { itemId?: string; item_id?: string; start: number | null }) =>
    `${h.itemId ?? h.item_id} ${h.start}`;

  it('finds exactly the segments that say the phrase, ranked, at their times', async () => {
    for (const phrase of ['in the end', 'one of the', 'we talk']) {
      const q = `"${phrase}"`;
      const want = said.filter((s) => says(s.text, phrase));
      // The words are common apart: a search for them unquoted finds many more segments.
      const apart = said.filter((s) => wordsOf(phrase).every((w) => wordsOf(s.text).includes(w)));
      expect(apart.length, phrase).toBeGreaterThan(want.length * 3);
      expect(want.length, phrase).toBeGreaterThan(0);
      const hits = await everyHit(q);
      expect(hits.map(key).sort(), phrase).toEqual(want.map(key).sort());
      for (const hit of hits) {
        const segment = said.find((s) => key(s) === key(hit));
        expect(hit.type).toBe('transcript');
        expect(hit.end, phrase).toBe(segment?.end);
        // The phrase is marked, common words and all.
        expect(wordsOf(hit.snippet.replace(/<\/?mark>/g, ' ')).join(' ')).toBe(
          wordsOf(segment?.text ?? '').join(' '),
        );
        expect(hit.snippet, phrase).toMatch(
          new RegExp(
            wordsOf(phrase)
              .map((w) => `<mark>${w}</mark>`)
              .join('\\W+'),
            'i',
          ),
        );
      }
      expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => b - a));
    }
    // The segment saying "in the end" twice comes first.
    const [first] = await everyHit('"in the end"');
    expect(first?.snippet).toMatch(/plans, <mark>in<\/mark>/i);
    // The pairs of words the passages index to find phrases are never offered as spellings.
    const pairs = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from search_words where strpos(word, ' ') > 0`,
    );
    expect(pairs[0]?.n).toBe(0);
    expect(
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from search_words`))[0]?.n,
    ).toBeGreaterThan(0);
  });

  it('keeps or, exclusion and the words outside quotes', async () => {
    const cases: [string, (text: string) => boolean][] = [
      ['"in the end" or "one of the"', (t) => says(t, 'in the end') || says(t, 'one of the')],
      ['budget "in the end"', (t) => says(t, 'in the end') && wordsOf(t).includes('budget')],
      ['garden -"one of the"', (t) => /garden/.test(wordsOf(t).join(' ')) && !says(t, 'one of the')],
      // A stop word outside quotes is not wanted, as before.
      ['the "we talk"', (t) => says(t, 'we talk')],
      ['"in the end', (t) => says(t, 'in the end')],
    ];
    for (const [q, holds] of cases) {
      const want = said.filter((s) => holds(s.text));
      expect(want.length, q).toBeGreaterThan(0);
      expect((await everyHit(q)).map(key).sort(), q).toEqual(want.map(key).sort());
    }
  });

  it('finds nothing for a phrase nobody said, not its words apart by spelling', async () => {
    const phrase = 'the end of the budget';
    expect(said.some((s) => says(s.text, phrase))).toBe(false);
    expect(
      said.filter((s) => wordsOf(phrase).every((w) => wordsOf(s.text).includes(w))).length,
    ).toBeGreaterThan(0);
    for (const q of [`"${phrase}"`, `"${phrase}`]) {
      const found = await search.search(me, { q, page: 1 });
      expect(found, q).toMatchObject({ total: 0, hits: [], match: 'words' });
    }
    // A misspelt word beside the phrase is still looked up by spelling, the phrase kept out.
    expect(similarWords('"in the end" budgte')).toEqual(['budgte']);
  });
});
