// A QR code to the item's share page: offered when the item has a link in force, drawn by
// default with the brand, pointing at the newest link's address; never without a link, and gone
// from an image drawn again after the link is revoked.
import type { ContentBody, GenerationResult, SingleGenerationResult } from '@voxpress/contracts';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../../../test/harness.ts';
import { signUp } from '../../../../test/http.ts';
import { seedVoicedItem } from '../../../../test/seed-item.ts';
import { content } from '../../../db/schema.ts';
import { pendingTranslation } from '../../../mappers/content-mapper.ts';

const PUBLIC_URL = 'https://vox.example.org';

describe.each(drivers)('the share QR code on generated infographics on %s', (driver) => {
  let t: TestContext;
  let ada: string;
  let audioId: string;
  let contentId: string;

  beforeAll(async () => {
    t = await createTestContext(driver, {
      startWorkers: false,
      env: { AUTH_RATE_LIMIT: '1000', PUBLIC_URL },
    });
    ada = await signUp(t.app, 'ada@example.com');
    const seeded = await seedVoicedItem(t, ada, {
      title: 'Roses',
      segments: [
        { start: 0, end: 4, text: 'I have grown roses for twenty years now.', speaker: 'S1' },
        { start: 4, end: 9, text: 'Water them in the morning and give them plenty of sun.', speaker: 'S1' },
      ],
      speakers: [{ id: 'S1', name: 'Ana Ruiz', colour: '#0072B2' }],
    });
    audioId = seeded.audioId;
    const body: ContentBody = {
      title: 'Growing roses',
      text: 'Roses',
      blocks: [
        { type: 'paragraph', text: 'I have grown roses for twenty years now.', segment_ids: [0], start: 0 },
      ],
      key_points: [{ text: 'Water them in the morning', segment_ids: [1], start: 4 }],
      quotes: [],
      keywords: [],
      details: null,
      word_count: 9,
    };
    const [c] = await t.ctx.database.db
      .insert(content)
      .values({
        userId: seeded.userId,
        transcriptionId: seeded.transcriptionId,
        contentType: 'blog_post',
        title: 'Growing roses',
        language: 'en',
        languages: ['en'],
        status: 'completed',
        body,
        translations: {
          en: {
            ...pendingTranslation(true),
            title: 'Growing roses',
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

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${ada}` },
      ...(payload ? { payload } : {}),
    });
  const suggestion = async () =>
    (await call('POST', '/infographics/template-suggestions', { content_id: contentId })).json() as {
      share_url?: string | null;
    };
  /** Generates one variation and reads back the QR code drawn on it, if any. */
  const generated = async (options: object) => {
    const res = await call('POST', '/infographics/react/generate', {
      content_id: contentId,
      variation_count: 1,
      enable_debugging: true,
      ...options,
    });
    expect(res.statusCode, res.body).toBe(200);
    const variation = (res.json() as GenerationResult).variations[0];
    return { variation, qr: await qrOf(variation?.infographic_url) };
  };
  const qrOf = async (url: string | null | undefined) => {
    const image = await t.app.inject({
      method: 'GET',
      url: new URL(url ?? '', PUBLIC_URL).pathname + new URL(url ?? '', PUBLIC_URL).search,
    });
    expect(image.statusCode).toBe(200);
    const { data, info } = await sharp(image.rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return (
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ??
      null
    );
  };

  it('offers no link and draws no code while the item has no share link', async () => {
    expect((await suggestion()).share_url).toBeNull();
    const { qr, variation } = await generated({ share_qr: true, use_brand: true });
    expect(qr).toBeNull();
    expect((variation?.debug as { share_qr?: boolean } | undefined)?.share_qr).toBeUndefined();
  });

  it("draws the newest link's address, by default with the brand, and not when turned off", async () => {
    const older = await call('POST', `/items/${audioId}/shares`, {});
    expect(older.statusCode).toBe(201);
    const newest = await call('POST', `/items/${audioId}/shares`, {});
    const url = newest.json().url as string;
    expect(url.startsWith(`${PUBLIC_URL}/s/`)).toBe(true);
    expect((await suggestion()).share_url).toBe(url);

    const branded = await generated({ use_brand: true });
    expect(branded.qr).toBe(url);
    expect((branded.variation?.debug as { share_qr?: boolean } | undefined)?.share_qr).toBe(true);
    expect((await generated({ use_brand: true, share_qr: false })).qr).toBeNull();
    expect((await generated({})).qr).toBeNull();
    expect((await generated({ share_qr: true })).qr).toBe(url);

    // Drawn again at another size: the code again while the link is in force…
    const again = async () => {
      const res = await call('POST', '/infographics/quick-generate', {
        image_id: branded.variation?.id,
        size: '1200x630',
      });
      expect(res.statusCode, res.body).toBe(200);
      return qrOf((res.json() as SingleGenerationResult).infographic_url);
    };
    expect(await again()).toBe(url);
    // …the older link once the newest is revoked, and none once both are.
    expect((await call('DELETE', `/shares/${newest.json().id}`)).statusCode).toBe(200);
    expect(await again()).toBe(older.json().url);
    expect((await call('DELETE', `/shares/${older.json().id}`)).statusCode).toBe(200);
    expect(await again()).toBeNull();
    expect((await suggestion()).share_url).toBeNull();
  });
});
