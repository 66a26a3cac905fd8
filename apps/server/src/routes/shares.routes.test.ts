import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { type Client, client } from '../../test/http.ts';
import { seedRecording } from '../../test/seed-recording.ts';
import { infographicImages } from '../db/infographics.schema.ts';
import { content, shares } from '../db/schema.ts';
import { hashShareToken } from '../services/shares/shares.service.ts';

const WAV = Buffer.concat([Buffer.from('RIFF....WAVEfmt '), Buffer.alloc(2000, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(500, 1),
]);

/** Share links: made and revoked by the owner only; a public page that shows what was ticked and nothing else. */
describe.each(drivers)('share links on %s', (driver) => {
  let t: TestContext;
  let ada: Client;
  let bob: Client;
  let ada1: Seeded;
  let ada2: Seeded;
  let adaId: string;

  interface Seeded {
    audioId: string;
    transcriptionId: string;
    pieceId: string;
    secretPieceId: string;
    imageId: string;
  }

  async function seed(who: Client, title: string): Promise<Seeded> {
    const userId = (await who.get('/api/v1/users/me')).json().id as string;
    const { db } = t.ctx.database;
    const blobKey = `audio/${userId}/${crypto.randomUUID()}.wav`;
    await t.ctx.blobs.put(blobKey, Readable.from([WAV]), { contentType: 'audio/wav' });
    const { itemId, transcriptionId } = await seedRecording(db, userId, {
      title,
      segments: [
        { start: 0, end: 3, text: 'We plant the tulips in October.', speaker: 'S1' },
        { start: 63.4, end: 66, text: 'And the garlic goes in after that.', speaker: 'S2' },
      ],
      speakers: [
        { id: 'S1', name: 'Ada', colour: '#0072B2' },
        { id: 'S2', name: null, colour: '#D55E00' },
      ],
      audio: {
        description: 'Planning the autumn garden',
        blobKey,
        mimeType: 'audio/wav',
        sizeBytes: WAV.length,
        speakersStatus: 'completed',
      },
    });
    const piece = (contentType: string, heading: string) => ({
      userId,
      transcriptionId,
      contentType,
      title: heading,
      language: 'en',
      status: 'completed' as const,
      body: {
        title: heading,
        text: `# ${heading}\n\n## Timing\n\nTulips go in **before** the frost.`,
        blocks: [],
        key_points: [],
        quotes: [],
        keywords: [],
        details: null,
        word_count: 6,
      },
      writer: { engine: 'composer', model: null, reason: 'offline', attempts: [] },
    });
    const [p1, p2] = await db
      .insert(content)
      .values([piece('blog_post', 'Autumn bulbs'), piece('story', 'Private diary piece')])
      .returning({ id: content.id });
    const imageKey = `infographics/${userId}/${crypto.randomUUID()}.png`;
    await t.ctx.blobs.put(imageKey, Readable.from([PNG]), { contentType: 'image/png' });
    const [img] = await db
      .insert(infographicImages)
      .values({
        userId,
        contentId: p1?.id,
        transcriptionId,
        setId: crypto.randomUUID(),
        name: 'Bulb calendar',
        variationIndex: 0,
        variationType: 'modern',
        variationName: 'Modern',
        templateId: 'modern',
        style: 'modern',
        emphasis: 'balanced',
        contentType: 'blog_post',
        audience: 'general',
        culturalContext: 'international',
        language: 'en',
        width: 1080,
        height: 1080,
        blobKey: imageKey,
        mimeType: 'image/png',
        sizeBytes: PNG.length,
        generationTimeMs: 5,
      })
      .returning({ id: infographicImages.id });
    if (!p1 || !p2 || !img) throw new Error('no content');
    return { audioId: itemId, transcriptionId, pieceId: p1.id, secretPieceId: p2.id, imageId: img.id };
  }

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false });
    ada = await client(t, 'ada.private@example.com');
    bob = await client(t, 'bob@example.com');
    adaId = (await ada.get('/api/v1/users/me')).json().id;
    ada1 = await seed(ada, 'Garden <script>alert(1)</script> notes');
    ada2 = await seed(ada, 'Second recording');
  });
  afterAll(() => t?.close());

  it('makes a link with the transcript and audio by default, keeps only the hash, and lists it', async () => {
    const res = await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {});
    expect(res.statusCode, res.body).toBe(201);
    const share = res.json();
    expect(share.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(share.url).toBe(`/s/${share.token}`);
    expect(share.parts).toEqual({ transcript: true, audio: true, content_ids: [], infographic_ids: [] });
    expect(share.allow_indexing).toBe(false);
    const [row] = await t.ctx.database.db.select().from(shares).where(eq(shares.id, share.id));
    expect(row?.tokenHash).toBe(hashShareToken(share.token));
    expect(JSON.stringify(row)).not.toContain(share.token);

    const forItem = (await ada.get(`/api/v1/items/${ada1.audioId}/shares`)).json().shares;
    expect(forItem.map((s: { id: string }) => s.id)).toContain(share.id);
    expect(forItem[0].token).toBe(share.token);
    const all = (await ada.get('/api/v1/users/me/shares')).json().shares;
    expect(all.find((s: { id: string }) => s.id === share.id)?.item_title).toBe(
      'Garden <script>alert(1)</script> notes',
    );
  });

  it("is the owner's alone: another user gets 404 making, listing or revoking", async () => {
    expect((await bob.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {})).statusCode).toBe(404);
    expect((await bob.get(`/api/v1/items/${ada1.audioId}/shares`)).statusCode).toBe(404);
    const share = (await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {})).json();
    const revoke = await bob.send('DELETE', `/api/v1/shares/${share.token}`);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json().code).toBe('share_not_found');
    expect((await bob.get('/api/v1/users/me/shares')).json().shares).toEqual([]);
    expect((await page(`/s/${share.token}`)).statusCode).toBe(200);
  });

  it("refuses another item's pieces or images, and an expiry in the past", async () => {
    const foreign = await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {
      parts: { content_ids: [ada2.pieceId] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('share_part_invalid');
    const image = await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {
      parts: { infographic_ids: [ada2.imageId] },
    });
    expect(image.json().code).toBe('share_part_invalid');
    const past = await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
  });

  it('renders the page on the server, escaped, with what was ticked and nothing private', async () => {
    const share = (
      await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {
        parts: { content_ids: [ada1.pieceId], infographic_ids: [ada1.imageId] },
      })
    ).json();
    const res = await page(`/s/${share.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Garden &lt;script&gt;alert(1)&lt;/script&gt; notes</title>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('We plant the tulips in October.');
    expect(html).toContain('Ada');
    expect(html).toContain('Speaker 2');
    expect(html).toContain('1:03');
    expect(html).toContain('Transcribed by PocketSphinx');
    expect(html).toContain('<strong>before</strong>');
    // The piece's own first heading only repeated its title: shown once.
    expect(html.match(/Autumn bulbs/g)).toHaveLength(1);
    expect(html).toContain('<h4>Timing</h4>');
    expect(html).toContain('Written by the built-in composer');
    expect(html).toContain(
      `<meta property="og:title" content="Garden &lt;script&gt;alert(1)&lt;/script&gt; notes">`,
    );
    expect(html).toContain(
      `<meta property="og:image" content="http://localhost:80/s/${share.token}/images/${ada1.imageId}">`,
    );
    expect(html).toContain(`<meta property="og:url" content="http://localhost:80/s/${share.token}">`);
    expect(html).toMatch(/<audio controls[^>]* src="\/s\/[^"]+\/audio\?ticket=/);
    // Nothing private: no email, no account id, no piece that was not ticked, no other item.
    expect(html).not.toContain('ada.private@example.com');
    expect(html).not.toContain(adaId);
    expect(html).not.toContain('Private diary piece');
    expect(html).not.toContain(ada2.audioId);
    expect(html).not.toContain('Second recording');

    const img = await page(`/s/${share.token}/images/${ada1.imageId}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await page(`/s/${share.token}/images/${ada2.imageId}`)).statusCode).toBe(404);
  });

  it("speaks the visitor's language (Accept-Language), right to left where it is written so", async () => {
    const share = (await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {})).json();
    const de = await t.app.inject({
      method: 'GET',
      url: `/s/${share.token}`,
      headers: { 'accept-language': 'fr;q=0.5, de-CH, en;q=0.8' },
    });
    expect(de.body).toContain('<html lang="de" dir="ltr">');
    expect(de.body).toContain('Transkript');
    expect(de.body).toContain('Transkribiert mit PocketSphinx');
    // The recording's own words keep their language.
    expect(de.body).toContain('<p lang="en" style="margin:0">');
    const he = await t.app.inject({
      method: 'GET',
      url: `/s/${share.token}`,
      headers: { 'accept-language': 'he-IL' },
    });
    expect(he.body).toContain('<html lang="he" dir="rtl">');
    expect(he.body).toContain('תמלול');
    const gone = await t.app.inject({
      method: 'GET',
      url: `/s/${'C'.repeat(43)}`,
      headers: { 'accept-language': 'ja' },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('このリンクは使えません');
  });

  it('leaves noindex off when the owner allows indexing', async () => {
    const share = (
      await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, { allow_indexing: true })
    ).json();
    const res = await page(`/s/${share.token}`);
    expect(res.body).not.toContain('name="robots"');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('plays the recording through a ticket for that file only', async () => {
    const one = (await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {})).json();
    const two = (await ada.send('POST', `/api/v1/items/${ada2.audioId}/shares`, {})).json();
    const src = (html: string) =>
      /<audio controls[^>]* src="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const oneSrc = src((await page(`/s/${one.token}`)).body);
    const twoSrc = src((await page(`/s/${two.token}`)).body);
    const full = await page(oneSrc);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(WAV)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: oneSrc, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('RIFF');

    const ticket = new URL(oneSrc, 'http://x').searchParams.get('ticket') ?? '';
    const twoTicket = new URL(twoSrc, 'http://x').searchParams.get('ticket') ?? '';
    // The first link's ticket opens neither the second link's file nor the signed-in download route.
    expect((await page(`/s/${two.token}/audio?ticket=${ticket}`)).statusCode).toBe(403);
    expect((await page(`/s/${one.token}/audio?ticket=${twoTicket}`)).statusCode).toBe(403);
    expect((await page(`/api/v1/audio/${ada1.audioId}/download?ticket=${ticket}`)).statusCode).toBe(401);
    expect((await page(`/s/${one.token}/audio`)).statusCode).toBe(403);
    expect((await page(`/s/${one.token}/audio?ticket=${ticket.slice(0, -2)}xx`)).statusCode).toBe(403);
  });

  it('answers 404 once revoked (by token or id) and for unknown tokens, and 410 once expired', async () => {
    const share = (await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {})).json();
    const src = /src="([^"]+audio[^"]+)"/.exec((await page(`/s/${share.token}`)).body)?.[1] ?? '';
    expect((await ada.send('DELETE', `/api/v1/shares/${share.token}`)).statusCode).toBe(200);
    const gone = await page(`/s/${share.token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('This link does not work');
    expect(gone.body).toContain('noindex');
    // Its player's link dies with it.
    expect((await page(src.replace(/&amp;/g, '&'))).statusCode).toBe(404);
    expect((await ada.send('DELETE', `/api/v1/shares/${share.token}`)).statusCode).toBe(404);
    expect(
      (await ada.get('/api/v1/users/me/shares')).json().shares.map((s: { id: string }) => s.id),
    ).not.toContain(share.id);

    const byId = (await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {})).json();
    expect((await ada.send('DELETE', `/api/v1/shares/${byId.id}`)).statusCode).toBe(200);
    expect((await page(`/s/${byId.token}`)).statusCode).toBe(404);

    expect((await page(`/s/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await page('/s/short')).statusCode).toBe(404);

    const soon = (
      await ada.send('POST', `/api/v1/items/${ada1.audioId}/shares`, {
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).json();
    expect((await page(`/s/${soon.token}`)).statusCode).toBe(200);
    // Its hour passes.
    await t.ctx.database.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, soon.id));
    const expired = await page(`/s/${soon.token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect(
      (await ada.get('/api/v1/users/me/shares')).json().shares.map((s: { id: string }) => s.id),
    ).not.toContain(soon.id);
  });

  it('deleting the item ends its links', async () => {
    const extra = await seed(ada, 'Short-lived');
    const share = (await ada.send('POST', `/api/v1/items/${extra.audioId}/shares`, {})).json();
    expect((await ada.send('DELETE', `/api/v1/items/${extra.audioId}`)).statusCode).toBe(200);
    expect((await page(`/s/${share.token}`)).statusCode).toBe(404);
  });

  it('limits how often one address may open share pages', async () => {
    let limited: Awaited<ReturnType<typeof page>> | undefined;
    // 120 a minute per address: well past that, the page answers 429 with when to come back.
    for (let i = 0; i < 200 && !limited; i += 1) {
      const res = await page(`/s/${'B'.repeat(43)}`);
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(404);
    }
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
