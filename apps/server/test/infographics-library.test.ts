import type {
  InfographicTemplate,
  InfographicVariation,
  SavedInfographic,
  TemplateCollection,
  TemplateSuggestion,
} from '@voxpress/contracts';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { readZip } from '@voxpress/test-kit/zip';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infographicImages } from '../src/db/infographics.schema.ts';
import { type ChatBody, openAiChatHandler, userText } from './fake-llm-servers.ts';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { type Client, client } from './http.ts';
import { decoded, openLink, picture, writtenContent } from './infographics-client.ts';

const API = '/api/v1/infographics';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(drivers)('infographic catalogue, templates and library on %s', (driver) => {
  let t: TestContext;
  let ada: Client;
  let eve: Client;

  beforeAll(async () => {
    t = await createTestContext(driver, { env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false' } });
    ada = await client(t, 'ada@example.com');
    eve = await client(t, 'eve@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists sizes, content types, audiences, cultural contexts and cuisine types with their defaults', async () => {
    const sizes = (await t.app.inject({ method: 'GET', url: `${API}/react/sizes` })).json();
    expect(sizes.default).toBe('1080x1080');
    expect(
      sizes.items.filter((s: { preset: boolean }) => s.preset).map((s: { value: string }) => s.value),
    ).toEqual(['1080x1080', '1080x1920', '1200x630', '1920x1080', '800x800', '735x1102']);
    expect(sizes.items[0]).toEqual({
      value: '1080x1080',
      label: 'Instagram Square',
      platform: 'instagram',
      width: 1080,
      height: 1080,
      preset: true,
    });
    const types = (await t.app.inject({ method: 'GET', url: `${API}/react/content-types` })).json();
    expect(types.default).toBe('enhanced');
    expect(types.items.map((i: { value: string }) => i.value)).toEqual([
      'recipe',
      'tutorial',
      'meeting_notes',
      'product_description',
      'enhanced',
    ]);
    const audiences = (await t.app.inject({ method: 'GET', url: `${API}/custom/audiences` })).json();
    expect(audiences.default).toBe('general');
    expect(audiences.items.map((i: { value: string }) => i.value)).toEqual([
      'general',
      'health_enthusiasts',
      'beginner',
      'busy_parents',
    ]);
    const contexts = (await t.app.inject({ method: 'GET', url: `${API}/custom/cultural-contexts` })).json();
    expect(contexts.items.map((i: { value: string }) => i.value)).toEqual([
      'international',
      'asian',
      'mediterranean',
      'indian',
      'mexican',
    ]);
    const cuisines = (await t.app.inject({ method: 'GET', url: `${API}/cuisine-types` })).json();
    expect(cuisines.items).toContainEqual({
      value: 'middle_eastern',
      label: 'Middle Eastern',
      description: '',
    });
  });

  it('lists 25 built-in templates, one of a type, and a template by id; an unknown one is not found', async () => {
    const all = (await ada.get(`${API}/react/templates`)).json();
    expect(all.total).toBe(25);
    const recipe = (await ada.get(`${API}/templates-by-type/recipe`)).json();
    expect(recipe.items.map((i: InfographicTemplate) => i.id)).toEqual([
      'modern-recipe',
      'classic-recipe',
      'minimal-recipe',
      'vibrant-recipe',
      'elegant-recipe',
    ]);
    const one = (await ada.get(`${API}/react/templates/elegant-meeting_notes`)).json() as InfographicTemplate;
    expect(one).toMatchObject({
      name: 'Elegant Meeting Notes',
      source: 'built_in',
      layout_style: 'elegant',
      content_type: 'meeting_notes',
      template_info: { style: 'elegant', emphasis: 'action_items' },
    });
    expect(one.style.colors.background).toBe('#1c1917');
    const missing = await ada.get(`${API}/react/templates/shiny-recipe`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      detail: 'Template not found',
      code: 'infographic_template_not_found',
    });
    expect((await ada.get(`${API}/templates-by-type/poem`)).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `${API}/react/templates` })).statusCode).toBe(401);
  });

  it('makes, duplicates and deletes a user’s templates; another user never sees them', async () => {
    const created = await ada.send('POST', `${API}/create-template`, {
      template_name: 'Kitchen brand',
      content_type: 'recipe',
      layout_style: 'classic',
      color_scheme: { accent: '#ff6600' },
      custom_layers: [{ type: 'footer', text: '@grandmas.kitchen' }],
    });
    expect(created.statusCode).toBe(201);
    const mine = created.json() as InfographicTemplate;
    expect(mine).toMatchObject({ source: 'user', layout_style: 'classic', based_on: null });
    expect(mine.colors.accent).toBe('#ff6600');
    const again = await ada.send('POST', `${API}/create-template`, { template_name: 'kitchen BRAND' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('infographic_template_name_taken');
    const blank = await ada.send('POST', `${API}/create-template`, { template_name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(JSON.stringify(blank.json().detail)).toContain('Give the template a name.');

    const copy = await ada.send('POST', `${API}/duplicate-template`, {
      template_id: mine.id,
      new_name: 'Kitchen brand, vibrant',
      modifications: { layout_style: 'vibrant' },
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      layout_style: 'vibrant',
      based_on: mine.id,
      custom_layers: [{ type: 'footer', text: '@grandmas.kitchen' }],
      color_scheme: { accent: '#ff6600' },
    });
    const fromBuiltIn = await ada.send('POST', `${API}/duplicate-template`, {
      template_id: 'minimal-tutorial',
      new_name: 'My tutorial',
    });
    expect(fromBuiltIn.json()).toMatchObject({ based_on: 'minimal-tutorial', content_type: 'tutorial' });

    const list = (await ada.get(`${API}/user-templates`)).json();
    expect(list.total).toBe(3);
    expect((await ada.get(`${API}/templates-by-type/recipe`)).json().total).toBe(7);
    expect((await ada.get(`${API}/react/templates/${mine.id}`)).statusCode).toBe(200);

    // Eve sees none of it, on every route.
    expect((await eve.get(`${API}/user-templates`)).json().total).toBe(0);
    expect((await eve.get(`${API}/react/templates`)).json().total).toBe(25);
    expect((await eve.get(`${API}/react/templates/${mine.id}`)).statusCode).toBe(404);
    expect((await eve.get(`${API}/debug/template/${mine.id}`)).statusCode).toBe(404);
    const steal = await eve.send('POST', `${API}/duplicate-template`, {
      template_id: mine.id,
      new_name: 'Mine now',
    });
    expect(steal.statusCode).toBe(404);
    expect((await eve.send('DELETE', `${API}/user-templates/${mine.id}`)).statusCode).toBe(404);

    expect((await ada.send('DELETE', `${API}/user-templates/${mine.id}`)).statusCode).toBe(200);
    expect((await ada.get(`${API}/react/templates/${mine.id}`)).statusCode).toBe(404);
  });

  it('suggests by the spec’s keyword rules when no language model is set up', async () => {
    const res = await ada.send('POST', `${API}/template-suggestions`, {
      title: 'Weeknight chicken curry',
      text: 'A quick one-pot recipe the kids love. Toast cumin and turmeric, then add garam masala.',
    });
    expect(res.statusCode).toBe(200);
    const s = res.json() as TemplateSuggestion;
    expect(s).toMatchObject({
      content_type: 'recipe',
      target_audience: 'busy_parents',
      cultural_context: 'indian',
      template_id: 'elegant-recipe',
      source: 'keywords',
      reason: null,
    });
    expect(s.matched.content_type).toEqual(['recipe']);
    expect(s.templates[0]?.id).toBe('elegant-recipe');
    const fallback = (
      await ada.send('POST', `${API}/template-suggestions`, { text: 'We walked by the river.' })
    ).json() as TemplateSuggestion;
    expect(fallback).toMatchObject({
      content_type: 'enhanced',
      target_audience: 'general',
      cultural_context: 'international',
    });
    const empty = await ada.send('POST', `${API}/template-suggestions`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('infographic_content_missing');
  });

  it('suggests from a piece of content, which another user cannot name', async () => {
    const piece = await writtenContent(ada);
    expect(piece.status).toBe('completed');
    const s = (await ada.send('POST', `${API}/template-suggestions`, { content_id: piece.id })).json();
    expect(s.content_type).toBe('recipe');
    const other = await eve.send('POST', `${API}/template-suggestions`, { content_id: piece.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('content_not_found');
  });

  let uploaded: InfographicVariation;

  it('takes a user’s own PNG, JPEG or WebP by its bytes, stores it upright without metadata, links it', async () => {
    const png = await picture(400, 300);
    const res = await ada.upload(
      `${API}/direct-upload`,
      { name: 'cover.txt', content: png, type: 'text/plain' },
      { template_id: 'classic-recipe', size: '400x300', title: 'Cover' },
    );
    expect(res.statusCode).toBe(201);
    uploaded = res.json();
    expect(uploaded).toMatchObject({
      variation_type: 'upload',
      template_id: 'classic-recipe',
      style: 'classic',
      size: '400x300',
      size_label: 'Custom 400×300',
      name: 'Cover',
      success: true,
      data: null,
    });
    const image = await openLink(t, uploaded.infographic_url as string);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await decoded(image.rawPayload)).toEqual({ format: 'png', width: 400, height: 300 });
    const sharp = (await import('sharp')).default;
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();

    const jpeg = await ada.upload(`${API}/direct-upload`, {
      name: 'a.png',
      content: await picture(320, 320, 'jpeg'),
    });
    expect(jpeg.json().size).toBe('320x320');
    const webp = await ada.upload(`${API}/direct-upload`, {
      name: 'a.webp',
      content: await picture(300, 500, 'webp'),
    });
    expect(webp.json().infographic_url).toMatch(/\.webp\?ticket=/);
  });

  it('refuses what is not a picture, a damaged picture, a wrong size and someone else’s template', async () => {
    const text = await ada.upload(`${API}/direct-upload`, {
      name: 'x.png',
      content: Buffer.from('not an image'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      detail: 'Please upload a PNG, JPEG or WebP image.',
      code: 'image_unsupported',
    });
    const whole = await picture(300, 300);
    const cut = await ada.upload(`${API}/direct-upload`, {
      name: 'x.png',
      content: whole.subarray(0, whole.length / 2),
    });
    expect(cut.statusCode).toBe(422);
    expect(cut.json().code).toBe('image_undecodable');
    const wrong = await ada.upload(
      `${API}/direct-upload`,
      { name: 'x.png', content: whole },
      { size: '1080x1080' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('This image is 300x300, not 1080x1080');
    const none = await ada.upload(`${API}/direct-upload`, { name: 'x', content: Buffer.alloc(0) }, {});
    expect(none.statusCode).toBe(415);
    const eveTemplate = (await eve.send('POST', `${API}/create-template`, { template_name: 'Eve’s' })).json();
    const foreign = await ada.upload(
      `${API}/direct-upload`,
      { name: 'x.png', content: whole },
      {
        template_id: eveTemplate.id,
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('image links open that image only, for its owner only, until they expire', async () => {
    const url = uploaded.infographic_url as string;
    const id = uploaded.id;
    // Eve with her own token, and Eve with Ada's link moved to another image: not found or refused.
    expect((await eve.get(url.split('?')[0] as string)).statusCode).toBe(404);
    const eveImage = (
      await eve.upload(`${API}/direct-upload`, { name: 'e.png', content: await picture(260, 260) })
    ).json();
    const ticket = url.split('ticket=')[1];
    const moved = await t.app.inject({
      method: 'GET',
      url: `${API}/images/${eveImage.id}.png?ticket=${ticket}`,
    });
    expect(moved.statusCode).toBe(401);
    // The owner's bearer token opens it without a ticket; a download is named for saving.
    const download = await ada.get(`${API}/images/${id}.png?download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename\*=UTF-8''Cover-Cover-\d{4}-/,
    );
    // An expired ticket.
    const me = (await ada.get('/api/v1/users/me')).json();
    const old = await t.ctx.accessTokens.signLink(me.id, `${API}/images/${id}.png`, -10);
    const expired = await t.app.inject({ method: 'GET', url: `${API}/images/${id}.png?ticket=${old}` });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('token_expired');
    expect(new Date(uploaded.url_expires_at as string).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  let saved: SavedInfographic;

  it('saves by link, by id or inline, once per image; refuses without an image in the spec’s words', async () => {
    const none = await ada.send('POST', `${API}/save`, { content_type: 'recipe', size: '1080x1080' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      detail: 'No image URL found (missing infographic_url or data_url)',
      code: 'infographic_image_missing',
      params: {},
    });
    const foreign = await ada.send('POST', `${API}/save`, { infographic_url: 'https://example.com/cat.png' });
    expect(foreign.json().code).toBe('infographic_image_foreign');
    const res = await ada.send('POST', `${API}/save`, {
      infographic_url: `http://localhost:8080${uploaded.infographic_url}`,
      content_type: 'recipe',
      metadata: { title: 'Banana bread cover', audience: 'beginner' },
    });
    expect(res.statusCode).toBe(201);
    saved = res.json();
    expect(saved).toMatchObject({
      image_id: uploaded.id,
      content_type: 'recipe',
      size: '400x300',
      metadata: { title: 'Banana bread cover', audience: 'beginner', style: 'classic' },
    });
    const twice = (await ada.send('POST', `${API}/save`, { image_id: uploaded.id })).json();
    expect(twice.id).toBe(saved.id);
    const inline = await ada.send('POST', `${API}/save`, {
      data_url: `data:image/png;base64,${(await picture(300, 400)).toString('base64')}`,
      content_type: 'tutorial',
    });
    expect(inline.statusCode).toBe(201);
    expect(inline.json()).toMatchObject({ size: '300x400', content_type: 'tutorial' });
    const junk = await ada.send('POST', `${API}/save`, { data_url: 'data:text/plain;base64,aGVsbG8=' });
    expect(junk.statusCode).toBe(415);
    // Eve cannot save Ada's image.
    const steal = await eve.send('POST', `${API}/save`, { image_id: uploaded.id });
    expect(steal.statusCode).toBe(404);
  });

  it('lists saved images 50 to a page, newest first, filtered by content type; only the owner’s', async () => {
    for (let i = 0; i < 50; i++) {
      const r = await ada.send('POST', `${API}/save`, {
        data_url: `data:image/png;base64,${(await picture(256, 256 + i)).toString('base64')}`,
        content_type: 'meeting_notes',
      });
      expect(r.statusCode).toBe(201);
    }
    const first = (await ada.get(`${API}/saved`)).json();
    expect(first).toMatchObject({ total: 52, page: 1, limit: 50, pages: 2 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0].size).toBe('256x305');
    const second = (await ada.get(`${API}/saved?page=2`)).json();
    expect(second.items.map((i: SavedInfographic) => i.content_type)).toEqual(['tutorial', 'recipe']);
    const recipes = (await ada.get(`${API}/saved?content_type=recipe`)).json();
    expect(recipes.items.map((i: SavedInfographic) => i.id)).toEqual([saved.id]);
    expect((await eve.get(`${API}/saved`)).json().total).toBe(0);
    expect((await eve.get(`${API}/saved/${saved.id}`)).statusCode).toBe(404);
    expect((await eve.send('DELETE', `${API}/saved/${saved.id}`)).statusCode).toBe(404);
    const link = await openLink(t, first.items[49].infographic_url);
    expect(link.statusCode).toBe(200);
  });

  it('saves a collection of favourites with the spec’s rule; collections are the owner’s alone', async () => {
    const rule = 'Please enter a collection name and select at least one favorite template.';
    const noName = await ada.send('POST', `${API}/collections/create`, {
      collection_name: ' ',
      variations: [uploaded],
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ detail: rule, code: 'infographic_collection_invalid' });
    const noFavourite = await ada.send('POST', `${API}/collections/create`, {
      collection_name: 'Bakes',
      variations: [],
    });
    expect(noFavourite.json().detail).toBe(rule);

    const res = await ada.send('POST', `${API}/collections/create?cuisine_type=italian`, {
      collection_name: 'Bakes',
      variations: [uploaded, { id: uploaded.id }],
    });
    expect(res.statusCode).toBe(201);
    const collection = res.json() as TemplateCollection;
    expect(collection).toMatchObject({
      collection_name: 'Bakes',
      cuisine_type: 'italian',
      content_type: 'recipe',
      target_audience: 'general',
      cultural_context: 'international',
    });
    expect(collection.variations.map((v) => v.id)).toEqual([uploaded.id]);
    const badCuisine = await ada.send('POST', `${API}/collections/create?cuisine_type=martian`, {
      collection_name: 'X',
      variations: [uploaded],
    });
    expect(badCuisine.statusCode).toBe(422);

    const list = (await ada.get(`${API}/template-collections?content_type=recipe`)).json();
    expect(list.items.map((c: TemplateCollection) => c.id)).toEqual([collection.id]);
    expect((await ada.get(`${API}/template-collections?content_type=tutorial`)).json().total).toBe(0);
    expect((await ada.get(`${API}/collections/${collection.id}`)).json().variations).toHaveLength(1);

    expect((await eve.get(`${API}/collections/${collection.id}`)).statusCode).toBe(404);
    expect((await eve.get(`${API}/template-collections`)).json().total).toBe(0);
    expect((await eve.send('DELETE', `${API}/collections/${collection.id}`)).statusCode).toBe(404);
    const stealing = await eve.send('POST', `${API}/collections/create`, {
      collection_name: 'Mine',
      variations: [{ id: uploaded.id }],
    });
    expect(stealing.statusCode).toBe(404);
    expect((await ada.get(`${API}/collections/${MISSING}`)).json().code).toBe(
      'infographic_collection_not_found',
    );
  });

  it('deleting an image removes its file, its save and its place in collections', async () => {
    const before = (await ada.get(`${API}/saved?content_type=recipe`)).json().total;
    expect(before).toBe(1);
    expect((await eve.send('DELETE', `${API}/images/${uploaded.id}`)).statusCode).toBe(404);
    expect((await ada.send('DELETE', `${API}/images/${uploaded.id}`)).statusCode).toBe(200);
    expect((await ada.get(`${API}/saved?content_type=recipe`)).json().total).toBe(0);
    expect((await openLink(t, uploaded.infographic_url as string)).statusCode).toBe(404);
    const keys: string[] = [];
    for await (const object of t.ctx.blobs.list(`infographics/`)) keys.push(object.key);
    expect(keys.some((k) => k.includes(uploaded.id))).toBe(false);
  });
  it('puts saved and collected images, collections and templates in "download all my data"', async () => {
    const link = await ada.get('/api/v1/users/me/export/link');
    const zip = await readZip((await t.app.inject({ method: 'GET', url: link.json().url })).rawPayload);
    const records = JSON.parse(zip.get('voxpress-data/infographics.json')?.toString() ?? '{}');
    expect(records.saved).toHaveLength(51);
    expect(JSON.stringify(records)).not.toContain('ticket=');
    const first = records.saved.at(-1);
    expect(first.file).toMatch(/^Uploaded-image-Uploaded-image-[0-9a-f]{8}\.png$|\.png$/);
    const files = [...zip.keys()].filter((k) => k.startsWith('voxpress-data/infographics/'));
    expect(files.length).toBeGreaterThanOrEqual(51);
    const png = zip.get(files[0] as string) as Buffer;
    expect((await decoded(png)).format).toMatch(/png|jpeg|webp/);
    // Nothing of Eve's.
    expect(records.templates.every((tpl: { name: string }) => tpl.name !== 'Eve’s')).toBe(true);
  });

  it('deleting an account removes its images, saves, collections and templates, and nobody else’s', async () => {
    const zoe = await client(t, 'zoe@example.com');
    const mine = (
      await zoe.upload(`${API}/direct-upload`, { name: 'z.png', content: await picture(300, 300) })
    ).json();
    await zoe.send('POST', `${API}/save`, { image_id: mine.id });
    await zoe.send('POST', `${API}/collections/create`, { collection_name: 'Z', variations: [mine] });
    await zoe.send('POST', `${API}/create-template`, { template_name: 'Zoe’s' });
    const me = (await zoe.get('/api/v1/users/me')).json();
    const files = async (prefix: string) => {
      const keys: string[] = [];
      for await (const o of t.ctx.blobs.list(prefix)) keys.push(o.key);
      return keys;
    };
    expect(await files(`infographics/${me.id}/`)).toHaveLength(1);
    const others = (await files('infographics/')).length;
    const gone = await zoe.send('DELETE', '/api/v1/users/me', {
      confirm_email: 'zoe@example.com',
      current_password: 'correct horse battery',
    });
    expect(gone.statusCode).toBe(200);
    expect(await files(`infographics/${me.id}/`)).toEqual([]);
    expect((await files('infographics/')).length).toBe(others - 1);
    const rows = await t.ctx.database.db
      .select()
      .from(infographicImages)
      .where(eq(infographicImages.userId, me.id));
    expect(rows).toEqual([]);
  });
});

describe('template suggestions by the configured language model', () => {
  const fake = new FakeHttpServer();
  let t: TestContext;
  let ada: Client;

  beforeAll(async () => {
    await fake.start();
    t = await createTestContext('pglite', {
      env: {
        AUTH_RATE_LIMIT: '1000',
        OLLAMA_DISCOVERY: 'false',
        LLM_BASE_URL: `${fake.url}/v1`,
        LLM_MODEL: 'test-model',
      },
    });
    ada = await client(t, 'ada@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });

  it('asks the model through its real wire format and uses its choice', async () => {
    fake.handler = openAiChatHandler((body: ChatBody) => {
      expect(body.response_format?.type).toBe('json_schema');
      expect(userText(body)).toContain('Tempura');
      return {
        text: JSON.stringify({
          content_type: 'recipe',
          target_audience: 'beginner',
          cultural_context: 'asian',
          layout_style: 'minimal',
          reason: 'A first-timer’s Japanese recipe.',
        }),
      };
    });
    const s = (
      await ada.send('POST', `${API}/template-suggestions`, {
        title: 'Tempura at home',
        text: 'Keep the batter cold and lumpy.',
      })
    ).json() as TemplateSuggestion;
    expect(s).toMatchObject({
      source: 'llm',
      content_type: 'recipe',
      target_audience: 'beginner',
      cultural_context: 'asian',
      template_id: 'minimal-recipe',
      reason: 'A first-timer’s Japanese recipe.',
    });
    expect(fake.requestsTo('/v1/chat/completions')).toHaveLength(1);
  });

  it('falls back to the keyword rules when the model fails', async () => {
    fake.handler = openAiChatHandler(() => ({ status: 400, message: 'model not found' }));
    const s = (
      await ada.send('POST', `${API}/template-suggestions`, {
        text: 'Agenda and action items for the meeting.',
      })
    ).json() as TemplateSuggestion;
    expect(s).toMatchObject({ source: 'keywords', content_type: 'meeting_notes' });
  });
});
