// The account data export holds the share links the user made (never their tokens) and the brand
// kit with its logo, on both databases; another user's links and kit stay out of it.

import { readZip } from '@voxpress/test-kit/zip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, drivers, type TestContext } from '../../test/harness.ts';
import { type Client, client } from '../../test/http.ts';
import { seedVoicedItem } from '../../test/seed-item.ts';

describe.each(drivers)('share links and the brand kit in the data export on %s', (driver) => {
  let t: TestContext;
  let ada: Client;
  let bob: Client;
  beforeAll(async () => {
    t = await createTestContext(driver, { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    ada = await client(t, 'ada@example.com');
    bob = await client(t, 'bob@example.com');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function exported(who: Client): Promise<Map<string, Buffer>> {
    const link = await who.get('/api/v1/users/me/export/link');
    const res = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(res.statusCode).toBe(200);
    return readZip(res.rawPayload);
  }
  const json = (entries: Map<string, Buffer>, name: string) =>
    JSON.parse(entries.get(`voxpress-data/${name}`)?.toString() ?? 'null');
  const item = (token: string, title: string) =>
    seedVoicedItem(t, token, {
      title,
      segments: [{ start: 0, end: 2, text: 'We plant the tulips in October.', speaker: 'S1' }],
      speakers: [{ id: 'S1', name: 'Ada', colour: '#0072B2' }],
    });

  it('writes an empty list of links and no brand files before there are any', async () => {
    const entries = await exported(ada);
    expect(json(entries, 'shares.json')).toEqual([]);
    expect(entries.has('voxpress-data/brand.json')).toBe(false);
    expect(entries.has('voxpress-data/brand-logo.png')).toBe(false);
  });

  it('lists every link with its item, parts, dates and indexing, and never its token', async () => {
    const garden = await item(ada.token, 'Garden interview');
    const secret = await item(bob.token, 'Bob secret plans');
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const kept = await ada.send('POST', `/api/v1/items/${garden.audioId}/shares`, {
      parts: { transcript: true, audio: false },
      expires_at: expires,
      allow_indexing: true,
    });
    expect(kept.statusCode).toBe(201);
    const revoked = await ada.send('POST', `/api/v1/items/${garden.audioId}/shares`, {});
    expect(revoked.statusCode).toBe(201);
    expect((await ada.send('DELETE', `/api/v1/shares/${revoked.json().token}`)).statusCode).toBe(200);
    const bobs = await bob.send('POST', `/api/v1/items/${secret.audioId}/shares`, {});
    expect(bobs.statusCode).toBe(201);

    const entries = await exported(ada);
    const listed = json(entries, 'shares.json');
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual({
      id: kept.json().id,
      item_id: garden.audioId,
      item_kind: 'audio',
      item_title: 'Garden interview',
      parts: { transcript: true, audio: false, content_ids: [], infographic_ids: [] },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expires_at: new Date(expires).toISOString(),
      revoked_at: null,
      allow_indexing: true,
    });
    expect(listed[1]).toMatchObject({
      id: revoked.json().id,
      parts: { transcript: true, audio: true },
      expires_at: null,
      revoked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      allow_indexing: false,
    });
    // Neither the tokens nor their hashes nor their sealed form are anywhere in the zip.
    const rows = await t.ctx.database.db.query.shares.findMany();
    const everything = Buffer.concat([...entries.values()]).toString('latin1');
    for (const secretPart of [
      kept.json().token,
      revoked.json().token,
      ...rows.flatMap((r) => [r.tokenHash, r.tokenSealed]),
    ]) {
      expect(everything).not.toContain(secretPart);
    }
    expect(everything).not.toContain('Bob secret plans');
    expect(entries.get('voxpress-data/README.txt')?.toString()).toContain('shares.json');
    expect(json(await exported(bob), 'shares.json').map((s: { id: string }) => s.id)).toEqual([
      bobs.json().id,
    ]);
  });

  it('holds the brand kit, and its logo as the PNG drawn on images', async () => {
    const logo = await sharp({
      create: { width: 120, height: 40, channels: 3, background: '#14532d' },
    })
      .png()
      .toBuffer();
    const saved = await ada.send('PUT', '/api/v1/users/me/brand', {
      primary_color: '#14532D',
      secondary_color: '#0369a1',
      heading_font: 'Lora',
      footer: 'acme.example',
      logo: `data:image/png;base64,${logo.toString('base64')}`,
    });
    expect(saved.statusCode).toBe(200);

    const entries = await exported(ada);
    expect(json(entries, 'brand.json')).toEqual({
      primary_color: saved.json().primary_color,
      secondary_color: saved.json().secondary_color,
      heading_font: 'Lora',
      footer: 'acme.example',
      logo: { file: 'brand-logo.png', width: 120, height: 40 },
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const png = entries.get('voxpress-data/brand-logo.png');
    expect(png && `data:image/png;base64,${png.toString('base64')}`).toBe(saved.json().logo);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 40]);

    // Bob saved no kit: his export has none, and nothing of Ada's.
    const bobs = await exported(bob);
    expect(bobs.has('voxpress-data/brand.json')).toBe(false);
    expect(bobs.has('voxpress-data/brand-logo.png')).toBe(false);

    // Without a logo the kit is still there, and the PNG is not.
    const plain = await ada.send('PUT', '/api/v1/users/me/brand', {
      primary_color: '#14532D',
      secondary_color: '#0369a1',
      heading_font: 'Inter',
      footer: null,
      logo: null,
    });
    expect(plain.statusCode).toBe(200);
    const after = await exported(ada);
    expect(json(after, 'brand.json')).toMatchObject({ heading_font: 'Inter', footer: null, logo: null });
    expect(after.has('voxpress-data/brand-logo.png')).toBe(false);
  });
});
