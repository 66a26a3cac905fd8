import { utimesSync } from 'node:fs';
import path from 'node:path';
import type {
  Content,
  GenerationResult,
  InfographicVariation,
  SingleGenerationResult,
  TemplateDebug,
} from '@voxpress/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infographicImages } from '../src/db/infographics.schema.ts';
import type { BusEvent } from '../src/events/event-bus.ts';
import { INFOGRAPHIC_EVENTS_TOPIC } from '../src/services/infographics/generation/set-events.ts';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { type Client, client } from './http.ts';
import { decoded, openLink, writtenContent } from './infographics-client.ts';

const API = '/api/v1/infographics';

/** Every image of a result decodes as a PNG of its stated size. */
async function expectPngs(t: TestContext, variations: InfographicVariation[]): Promise<void> {
  for (const v of variations) {
    expect(v.success, v.error ?? '').toBe(true);
    const res = await openLink(t, v.infographic_url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await decoded(res.rawPayload)).toEqual({ format: 'png', width: v.width, height: v.height });
  }
}

describe.each(drivers)('infographic generation on %s', (driver) => {
  let t: TestContext;
  let ada: Client;
  let eve: Client;
  let piece: Content;
  const events: BusEvent[] = [];

  beforeAll(async () => {
    t = await createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false' } });
    ada = await client(t, 'ada@example.com');
    eve = await client(t, 'eve@example.com');
    piece = await writtenContent(ada);
    t.ctx.events.subscribe(INFOGRAPHIC_EVENTS_TOPIC, (e) => events.push(e));
  });
  afterAll(async () => {
    await t?.close();
  });

  let set: GenerationResult;

  it('draws five variations of a piece of content: five styles, PNGs of the asked size, its own texts', async () => {
    const res = await ada.send('POST', `${API}/react/generate`, { content_id: piece.id, variation_count: 5 });
    expect(res.statusCode).toBe(200);
    set = res.json();
    expect(set).toMatchObject({
      success: true,
      total_generated: 5,
      total_failed: 0,
      error: null,
      content_type: 'recipe',
      notices: [],
    });
    expect(set.variations.map((v) => v.style)).toEqual([
      'modern',
      'classic',
      'minimal',
      'vibrant',
      'elegant',
    ]);
    expect(set.variations.map((v) => v.variation_index)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(set.variations.map((v) => v.template_info.emphasis)).size).toBe(5);
    for (const v of set.variations) {
      expect(v).toMatchObject({ size: '1080x1080', size_label: 'Instagram Square', content_id: piece.id });
      expect(v.generation_time_ms).toBeGreaterThan(0);
      expect(v.data?.title).toBe(piece.metadata.translations.en?.title);
    }
    const text = piece.metadata.translations.en?.text ?? '';
    const steps = set.variations.find((v) => v.template_info.emphasis === 'steps')?.data?.steps ?? [];
    expect(steps.length).toBeGreaterThan(2);
    for (const step of steps) expect(text).toContain(step.replace(/\.$/, ''));
    await expectPngs(t, set.variations);
    // A completed set is announced for webhooks.
    expect(events.at(-1)).toMatchObject({
      type: 'infographics.set_completed',
      set_id: set.set_id,
      content_id: piece.id,
      total_generated: 5,
      image_ids: set.variations.map((v) => v.id),
    });
  });

  it('draws every variation at each of several sizes, and the dialog’s set at 512x512', async () => {
    const res = await ada.send('POST', `${API}/react/generate`, {
      content_id: piece.id,
      sizes: ['1080x1920', '1200x630'],
      variation_count: 2,
      enable_debugging: true,
    });
    const body = res.json() as GenerationResult;
    expect(body.variations.map((v) => `${v.variation_index}@${v.size}`).sort()).toEqual([
      '0@1080x1920',
      '0@1200x630',
      '1@1080x1920',
      '1@1200x630',
    ]);
    expect(body.variations[0]?.debug).toMatchObject({
      emphasis: expect.any(String),
      render_ms: expect.any(Number),
    });
    await expectPngs(t, body.variations);
    const dialog = (
      await ada.send('POST', `${API}/react/generate-multiple-templates-immediate`, { content_id: piece.id })
    ).json() as GenerationResult;
    expect(dialog.variations).toHaveLength(5);
    expect(dialog.variations.every((v) => v.size === '512x512')).toBe(true);
    await expectPngs(t, dialog.variations.slice(0, 1));
  });

  it('gives one result per size in a batch, and refuses a batch without sizes in the spec’s words', async () => {
    const batch = (
      await ada.send('POST', `${API}/react/generate-batch`, {
        content_data: 'Weekly update\n\nWe shipped the new editor. Support tickets fell by a third.',
        sizes: ['800x800', '735x1102'],
        variation_count: 1,
      })
    ).json();
    expect(batch.results.map((r: { size: string }) => r.size)).toEqual(['800x800', '735x1102']);
    expect(batch.total_generated).toBe(2);
    const none = await ada.send('POST', `${API}/react/generate-batch`, { content_id: piece.id, sizes: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      detail: 'Please select at least one size above to generate infographics',
      code: 'infographic_sizes_missing',
      params: {},
    });
    const odd = await ada.send('POST', `${API}/react/generate`, { content_id: piece.id, size: '90x90' });
    expect(odd.statusCode).toBe(422);
    expect(JSON.stringify(odd.json().detail)).toContain('Sizes are written WIDTHxHEIGHT');
  });

  it('draws the spec’s free-form content_data and guesses its type by the keyword rules', async () => {
    const res = (
      await ada.send('POST', `${API}/react/generate`, {
        content_data: {
          title: 'Sprint review',
          text: 'Agenda: the launch and the budget.',
          meeting_data: {
            attendees: ['Ana', 'Tom'],
            action_items: [{ task: 'Send the notes', owner: 'Ana' }],
          },
        },
        variation_count: 2,
        size: '640x640',
      })
    ).json() as GenerationResult;
    expect(res.content_type).toBe('meeting_notes');
    expect(res.variations[0]?.template_info.emphasis).toBe('action_items');
    expect(res.variations[0]?.data?.actionItems).toEqual([{ text: 'Send the notes', owner: 'Ana' }]);
    expect(res.variations[0]?.content_id).toBeNull();
  });

  it('refuses generation without content, with someone else’s content, or in a language it lacks', async () => {
    const empty = await ada.send('POST', `${API}/react/generate`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('infographic_content_missing');
    const blank = await ada.send('POST', `${API}/react/generate`, { content_data: '   ' });
    expect(blank.json().code).toBe('infographic_content_missing');
    const theirs = await eve.send('POST', `${API}/react/generate`, { content_id: piece.id });
    expect(theirs.statusCode).toBe(404);
    const hindi = await ada.send('POST', `${API}/react/generate`, { content_id: piece.id, language: 'hi' });
    expect(hindi.statusCode).toBe(409);
    expect(hindi.json()).toMatchObject({ code: 'infographic_language_missing', params: { available: 'en' } });
    expect(hindi.json().detail).toContain('This content has no Hindi version yet.');
  });

  it('makes the AI custom infographic with its link and the image inline; it needs content', async () => {
    const res = (
      await ada.send('POST', `${API}/react/generate-custom`, {
        content_id: piece.id,
        target_audience: 'busy_parents',
        size: '1080x1920',
      })
    ).json() as SingleGenerationResult;
    expect(res).toMatchObject({ success: true, error: null });
    expect(res.variation).toMatchObject({
      variation_type: 'custom',
      style: 'vibrant',
      target_audience: 'busy_parents',
    });
    const inline = Buffer.from((res.data_url as string).replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await decoded(inline)).toEqual({ format: 'png', width: 1080, height: 1920 });
    await expectPngs(t, [res.variation as InfographicVariation]);
    const none = await ada.send('POST', `${API}/react/generate-custom`, { size: '1080x1080' });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('A custom infographic needs content.');
  });

  it('makes a variation again at 1080x1080, or one image with a chosen template and its layers', async () => {
    const small = set.variations[2] as InfographicVariation;
    const again = (
      await ada.send('POST', `${API}/quick-generate`, { image_id: small.id, size: '1080x1080' })
    ).json() as SingleGenerationResult;
    expect(again.variation).toMatchObject({
      variation_type: 'quick',
      style: small.style,
      template_id: small.template_id,
      size: '1080x1080',
      data: small.data,
    });
    const template = (
      await ada.send('POST', `${API}/create-template`, {
        template_name: 'Branded',
        content_type: 'recipe',
        layout_style: 'elegant',
        custom_layers: [
          { type: 'footer', text: '@grandmas.kitchen' },
          { type: 'hide', part: 'tags' },
        ],
      })
    ).json();
    const branded = (
      await ada.send('POST', `${API}/quick-generate`, { content_id: piece.id, template_id: template.id })
    ).json() as SingleGenerationResult;
    expect(branded.variation).toMatchObject({ template_id: template.id, name: 'Branded', style: 'elegant' });
    expect(branded.variation?.data?.footer).toBe('@grandmas.kitchen');
    expect(branded.variation?.data?.tags).toBeUndefined();
    await expectPngs(t, [branded.variation as InfographicVariation]);
    expect((await eve.send('POST', `${API}/quick-generate`, { image_id: small.id })).statusCode).toBe(404);
    const theirs = await eve.send('POST', `${API}/quick-generate`, {
      content_id: piece.id,
      template_id: template.id,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('draws a variation again with the texts the user edited', async () => {
    const first = set.variations[0] as InfographicVariation;
    const data = { ...first.data, title: 'Nana’s Banana Loaf', footer: 'Baked with love' };
    const res = await ada.send('POST', `${API}/react/rerender`, { image_id: first.id, data });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SingleGenerationResult;
    expect(body.variation).toMatchObject({
      variation_type: 'rerender',
      variation_index: first.variation_index,
      style: first.style,
      size: first.size,
      data: { title: 'Nana’s Banana Loaf', footer: 'Baked with love' },
    });
    expect(body.variation?.id).not.toBe(first.id);
    await expectPngs(t, [body.variation as InfographicVariation]);
    const bad = await ada.send('POST', `${API}/react/rerender`, { image_id: first.id, data: { title: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect((await eve.send('POST', `${API}/react/rerender`, { image_id: first.id, data })).statusCode).toBe(
      404,
    );
  });

  it('shows a template’s debug view with a sample drawn now', async () => {
    const res = (await ada.get(`${API}/debug/template/classic-tutorial`)).json() as TemplateDebug;
    expect(res.renderer.state).toBe('ready');
    expect(res.sample.error).toBeNull();
    expect(res.sample.render_ms).toBeGreaterThan(0);
    const png = Buffer.from((res.sample.data_url as string).split(',')[1] as string, 'base64');
    expect(await decoded(png)).toEqual({ format: 'png', width: 512, height: 512 });
  });

  it('keeps every image to its owner: links, saves and collections', async () => {
    const v = set.variations[1] as InfographicVariation;
    expect((await eve.get(`${API}/images/${v.id}.png`)).statusCode).toBe(404);
    expect((await eve.send('POST', `${API}/save`, { infographic_url: v.infographic_url })).statusCode).toBe(
      404,
    );
    const collection = await eve.send('POST', `${API}/collections/create`, {
      collection_name: 'Stolen',
      variations: [v],
    });
    expect(collection.statusCode).toBe(404);
  });

  it('deleting a piece of content deletes its images and their files; saved ones too', async () => {
    const other = await writtenContent(
      ada,
      'How to fix a puncture\n\nStep one, take the wheel off. Step two, find the hole.',
      {
        type: 'tutorial',
      },
    );
    const made = (
      await ada.send('POST', `${API}/react/generate`, {
        content_id: other.id,
        variation_count: 2,
        size: '512x512',
      })
    ).json() as GenerationResult;
    const [kept] = made.variations;
    expect(
      (await ada.send('POST', `${API}/save`, { image_id: kept?.id, content_id: other.id })).statusCode,
    ).toBe(201);
    const keys = async () => {
      const found: string[] = [];
      for await (const o of t.ctx.blobs.list('infographics/')) found.push(o.key);
      return found;
    };
    const before = await keys();
    for (const v of made.variations) expect(before.some((k) => k.includes(v.id))).toBe(true);
    expect((await ada.send('DELETE', `/api/v1/content/${other.id}`)).statusCode).toBe(200);
    const after = await keys();
    for (const v of made.variations) expect(after.some((k) => k.includes(v.id))).toBe(false);
    expect((await ada.get(`${API}/saved?content_id=${other.id}`)).json().total).toBe(0);
    // The first piece's images are untouched.
    expect(after.some((k) => k.includes(set.variations[0]?.id as string))).toBe(true);
  });

  it('sweeps unsaved images past their time and files no row points at, never a saved image', async () => {
    const [stale, keep] = set.variations as InfographicVariation[];
    await ada.send('POST', `${API}/save`, { image_id: keep?.id });
    await t.ctx.database.db
      .update(infographicImages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(infographicImages.setId, set.set_id));
    const stray = `infographics/${(await ada.get('/api/v1/users/me')).json().id}/00000000-0000-4000-8000-000000000000.png`;
    await t.ctx.blobs.put(stray, (await import('node:stream')).Readable.from([Buffer.from('x')]), {
      contentType: 'image/png',
    });
    const fresh = `${stray.slice(0, -5)}1.png`;
    await t.ctx.blobs.put(fresh, (await import('node:stream')).Readable.from([Buffer.from('x')]), {
      contentType: 'image/png',
    });
    // A file left by a crash an hour and a half ago.
    const old = new Date(Date.now() - 90 * 60_000);
    utimesSync(path.join(t.dataDir, 'blobs', stray), old, old);
    const swept = await t.ctx.infographics.cleanup.sweep();
    expect(swept.expired).toBe(4);
    expect(swept.orphans).toBe(1);
    expect((await openLink(t, stale?.infographic_url as string)).statusCode).toBe(404);
    expect((await openLink(t, keep?.infographic_url as string)).statusCode).toBe(200);
    expect(await t.ctx.blobs.stat(stray)).toBeNull();
    expect(await t.ctx.blobs.stat(fresh)).not.toBeNull();
  });
});

describe('infographic feature flags', () => {
  it('refuses every generation with the spec’s words when both template kinds are off', async () => {
    const t = await createTestContext('pglite', {
      startWorkers: false,
      env: {
        INFOGRAPHIC_FIXED_TEMPLATES: 'false',
        INFOGRAPHIC_LLM_TEMPLATES: 'false',
        OLLAMA_DISCOVERY: 'false',
      },
    });
    try {
      const ada = await client(t, 'ada@example.com');
      for (const route of ['react/generate', 'react/generate-multiple-templates-immediate', 'queue/submit']) {
        const res = await ada.send('POST', `${API}/${route}`, { content_data: 'Banana bread recipe' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: 'All template generation is disabled via feature flags',
          code: 'infographic_templates_disabled',
          params: {},
        });
      }
    } finally {
      await t.close();
    }
  });
});
