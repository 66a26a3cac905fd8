import { setTimeout as sleep } from 'node:timers/promises';
import type {
  Content,
  GenerationResult,
  InfographicVariation,
  Rendition,
  RenditionList,
  WebhookDelivery,
} from '@voxpress/contracts';
import { FakeHttpServer } from '@voxpress/test-kit/fake-http-server';
import { FakeWordPress } from '@voxpress/test-kit/fake-wordpress';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xWeightedLength } from '../src/engines/writer/renditions/x-weight.ts';
import { verifyWebhook } from '../src/services/webhooks/webhook-signature.ts';
import { FakeGhost } from './fake-ghost.ts';
import { createTestContext, drivers, type TestContext } from './harness.ts';
import { multipartBody, signUp } from './http.ts';
import { decoded } from './infographics-client.ts';

type Res = Awaited<ReturnType<TestContext['app']['inject']>>;

interface Client {
  get(url: string): Promise<Res>;
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Res>;
}

function client(t: TestContext, token: string): Client {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
    send: (method, url, payload) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  };
}

/** Waits for a condition with a deadline (no fixed sleeps). */
async function until<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  what: string,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

const ARTICLE = [
  'Slow bread',
  '',
  'Good bread needs time more than it needs skill. Let the dough rise slowly overnight in a cool kitchen, and the flavour deepens while you sleep.',
  '',
  'Use a heavy pot with a lid. Heat it in the oven for half an hour before the dough goes in, so the crust sets fast and the loaf springs up.',
  '',
  'Bake it hot for twenty minutes with the lid on, then twenty more without it. Let it cool for an hour before you cut it, or the crumb turns gummy.',
  '',
  'Flour, water, salt and a little yeast are all you need. Everything else is patience.',
].join('\n');

describe.each(drivers)('renditions, exports, publishing and webhooks on %s', (driver) => {
  const wordpress = new FakeWordPress();
  const ghost = new FakeGhost();
  const hook = new FakeHttpServer();
  let t: TestContext;
  let ada: Client;
  let eve: Client;
  let contentId: string;
  let hookSecret: string;
  const hookBodies: { headers: Record<string, unknown>; raw: string }[] = [];

  beforeAll(async () => {
    await Promise.all([wordpress.start(), ghost.start(), hook.start()]);
    let calls = 0;
    hook.handler = (req, res) => {
      if (req.url !== '/n8n/voxpress')
        return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      hookBodies.push({ headers: req.headers, raw: JSON.stringify(req.body) });
      // The first delivery fails; the retry succeeds.
      res.writeHead(++calls === 1 ? 500 : 200).end('ok');
    };
    t = await createTestContext(driver, {
      env: { AUTH_RATE_LIMIT: '1000', OLLAMA_DISCOVERY: 'false', PUBLISH_ALLOW_PRIVATE: 'true' },
    });
    const adaToken = await signUp(t.app, 'ada@example.com');
    ada = client(t, adaToken);
    eve = client(t, await signUp(t.app, 'eve@example.com'));
    const created = await ada.send('POST', '/api/v1/publishing/webhooks', {
      url: `${hook.url}/n8n/voxpress`,
      events: ['content.completed'],
      description: 'n8n',
    });
    expect(created.statusCode).toBe(201);
    hookSecret = created.json().secret;
    const form = multipartBody(
      { title: 'Slow bread', language: 'en' },
      { field: 'file', name: 'bread.txt', content: Buffer.from(ARTICLE) },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/content',
      headers: { authorization: `Bearer ${adaToken}`, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(up.statusCode).toBe(201);
    const enhance = await ada.send('POST', '/api/v1/content/enhance', {
      transcription_id: up.json().data.transcription_id,
      content_type: 'blog_post',
      language: ['en'],
      keywords: ['bread', 'slow baking'],
      target_blog_platforms: ['twitter', 'linkedin', 'instagram', 'wordpress', 'Team Wiki'],
      title: 'Slow bread',
    });
    contentId = enhance.json().data.content_id;
    const done = await until(
      async () => (await ada.get(`/api/v1/content/${contentId}`)).json() as Content,
      (c) => c.status === 'completed' || c.status === 'failed',
      'the piece',
    );
    expect(done.status).toBe('completed');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([wordpress.stop(), ghost.stop(), hook.stop()]);
  });

  it('makes a rendition for each target platform within its limits', async () => {
    const list = await until(
      async () =>
        (await ada.get(`/api/v1/content/${contentId}/renditions?language=en`)).json() as RenditionList,
      (l) => l.status !== 'pending',
      'renditions',
    );
    expect(list.status).toBe('ready');
    expect(list.items.map((r) => r.platform)).toEqual([
      'twitter',
      'linkedin',
      'instagram',
      'wordpress',
      'Team Wiki',
    ]);
    const by = Object.fromEntries(list.items.map((r) => [r.platform, r])) as Record<string, Rendition>;
    const thread = by.twitter?.parts ?? [];
    expect(thread.length).toBeGreaterThan(1);
    thread.forEach((post, i) => {
      expect(post.startsWith(`${i + 1}/${thread.length} `)).toBe(true);
      expect(xWeightedLength(post)).toBeLessThanOrEqual(280);
    });
    // The composer wrote it: only the piece's own sentences.
    expect(by.twitter?.source).toBe('composer');
    expect(thread.join(' ')).toContain('Let the dough rise slowly overnight in a cool kitchen');
    const linkedin = by.linkedin?.parts[0] ?? '';
    expect(linkedin.length).toBeLessThanOrEqual(3000);
    // The hook: the title, then the piece's first sentence, each on its own line.
    const piece = (await ada.get(`/api/v1/content/${contentId}`)).json() as Content;
    const opening = (piece.metadata.translations.en?.blocks.find((b) => b.type !== 'heading')?.text ?? '')
      // A first paragraph that opens with the title line does not repeat it.
      .replace(/^Slow bread\s*\n/, '')
      .trim();
    const [firstSentence] = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(opening)];
    expect(linkedin.split('\n').slice(0, 2)).toEqual(['Slow bread', firstSentence?.segment.trim()]);
    expect(linkedin).toMatch(/\n\n#Bread #SlowBaking(?: #\w+){1,3}$/);
    const caption = by.instagram?.parts[0] ?? '';
    expect(caption.length).toBeLessThanOrEqual(2200);
    expect((caption.match(/#\w+/g) ?? []).length).toBeLessThanOrEqual(30);
    expect(by.wordpress?.parts[0]).toMatch(/^# Slow bread\n/);
    expect(by.wordpress?.html).toContain('<h1>Slow bread</h1>');
    expect(by['Team Wiki']).toMatchObject({ limit: 3000, counting: 'characters', outdated: false });
  });

  it('saves an edit within the limit and refuses one over it with 422', async () => {
    const ok = await ada.send('PUT', `/api/v1/content/${contentId}/renditions/twitter`, {
      language: 'en',
      parts: [
        '1/2 Bread needs time 🍞',
        '2/2 https://example.com/a/very/long/link/that/counts/as/twenty/three/only',
      ],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      edited: true,
      source: 'edited',
      parts: ['1/2 Bread needs time 🍞', expect.any(String)],
    });
    const tooLong = await ada.send('PUT', `/api/v1/content/${contentId}/renditions/twitter`, {
      language: 'en',
      parts: ['fine', '你'.repeat(141)],
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({
      code: 'rendition_too_long',
      params: { part: 2, length: 282, limit: 280 },
    });
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    const caption = await ada.send('PUT', `/api/v1/content/${contentId}/renditions/instagram`, {
      language: 'en',
      parts: [tags],
    });
    expect(caption.statusCode).toBe(422);
    expect(caption.json().params).toMatchObject({ length: 31, limit: 30 });
    // Too many posts is its own problem: the count of posts, not a length in characters.
    const twoPosts = await ada.send('PUT', `/api/v1/content/${contentId}/renditions/linkedin`, {
      language: 'en',
      parts: ['First thought.', 'Second thought.'],
    });
    expect(twoPosts.statusCode).toBe(422);
    expect(twoPosts.json()).toMatchObject({
      code: 'rendition_too_many_posts',
      detail: 'This platform takes a single post.',
      params: { platform: 'linkedin', length: 2, limit: 1 },
    });
    expect(twoPosts.json().params).not.toHaveProperty('part');
    const list = (
      await ada.get(`/api/v1/content/${contentId}/renditions?language=en`)
    ).json() as RenditionList;
    expect(list.items.find((r) => r.platform === 'twitter')?.parts[0]).toBe('1/2 Bread needs time 🍞');
    expect((await eve.get(`/api/v1/content/${contentId}/renditions?language=en`)).statusCode).toBe(404);
    expect(
      (
        await eve.send('PUT', `/api/v1/content/${contentId}/renditions/twitter`, {
          language: 'en',
          parts: ['x'],
        })
      ).statusCode,
    ).toBe(404);
    expect((await ada.get(`/api/v1/content/${contentId}/renditions?language=fr`)).json().code).toBe(
      'language_not_available',
    );
  });

  it('custom platforms follow the limit their owner sets', async () => {
    const set = await ada.send('PUT', '/api/v1/publishing/platforms', {
      name: 'team wiki',
      char_limit: 120,
      style_note: 'Plain words.',
    });
    expect(set.statusCode).toBe(200);
    const again = await ada.send('POST', `/api/v1/content/${contentId}/renditions/regenerate`, {
      language: 'en',
      platform: 'Team Wiki',
    });
    expect(again.statusCode).toBe(200);
    const list = await until(
      async () =>
        (await ada.get(`/api/v1/content/${contentId}/renditions?language=en`)).json() as RenditionList,
      (l) =>
        l.status === 'ready' &&
        l.items.some((r) => r.platform === 'Team Wiki' && r.limit === 120 && !r.outdated),
      'the custom rendition',
    );
    const wiki = list.items.find((r) => r.platform === 'Team Wiki');
    expect(wiki?.parts[0]?.length).toBeLessThanOrEqual(120);
    expect(wiki?.style).toBe('Plain words.');
  });

  it('exports Markdown, HTML, text and DOCX as downloads named after the title', async () => {
    const md = await ada.get(`/api/v1/content/${contentId}/export?format=md&language=en`);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-disposition']).toBe(
      `attachment; filename="Slow bread.md"; filename*=UTF-8''Slow%20bread.md`,
    );
    expect(md.body.startsWith('# Slow bread\n')).toBe(true);
    const html = await ada.get(`/api/v1/content/${contentId}/export?format=html`);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('<h1>Slow bread</h1>');
    const txt = await ada.get(`/api/v1/content/${contentId}/export?format=txt`);
    expect(txt.body).toContain('Good bread needs time more than it needs skill.');
    const docx = await ada.get(`/api/v1/content/${contentId}/export?format=docx`);
    expect(docx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const { value } = await mammoth.extractRawText({ buffer: docx.rawPayload });
    expect(value).toContain('Let the dough rise slowly overnight');
    expect((await eve.get(`/api/v1/content/${contentId}/export?format=md`)).statusCode).toBe(404);
    expect((await ada.get(`/api/v1/content/${contentId}/export?format=pdf`)).statusCode).toBe(422);
  });

  let wpConnection: string;
  let ghostConnection: string;

  it('connects WordPress after an authenticated check, keeps the password secret, refuses a wrong one', async () => {
    const wrong = await ada.send('POST', '/api/v1/publishing/connections', {
      platform: 'wordpress',
      url: wordpress.url,
      username: 'ada',
      app_password: 'wrong wrong wrong',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('connection_auth_failed');
    const notASite = await ada.send('POST', '/api/v1/publishing/connections', {
      platform: 'wordpress',
      url: `${hook.url}/blog`,
      username: 'ada',
      app_password: wordpress.appPassword,
    });
    expect(notASite.statusCode).toBe(422);
    expect(notASite.json().code).toBe('connection_not_a_site');
    const ok = await ada.send('POST', '/api/v1/publishing/connections', {
      platform: 'wordpress',
      url: `${wordpress.url}/`,
      username: 'ada',
      app_password: wordpress.appPassword,
      name: 'Ada bakes',
    });
    expect(ok.statusCode).toBe(201);
    wpConnection = ok.json().id;
    const check = wordpress.requestsTo('/wp-json/wp/v2/users/me').at(-1);
    expect(check?.url).toBe('/wp-json/wp/v2/users/me?context=edit');
    const listed = await ada.get('/api/v1/publishing/connections');
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: wpConnection, platform: 'wordpress', name: 'Ada bakes', account: 'ada' }),
    ]);
    expect(listed.body).not.toContain('EFGH');
    const stored = await t.ctx.database.db.execute('select secret from publishing_connections' as never);
    expect(JSON.stringify(stored)).not.toContain('EFGH');
    expect((await eve.get('/api/v1/publishing/connections')).json().items).toEqual([]);
  });

  it('publishes a draft to WordPress with tags, then updates the same post, and makes it again when deleted there', async () => {
    const first = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: wpConnection,
      language: 'en',
      status: 'draft',
    });
    expect(first.statusCode).toBe(200);
    const result = first.json();
    expect(result).toMatchObject({
      updated: false,
      status: 'draft',
      remote_url: expect.stringContaining('/?p='),
      // No infographic was made from the piece yet: the post goes without a picture.
      featured_image: false,
    });
    const post = wordpress.posts.get(Number(result.remote_id));
    expect(post).toMatchObject({ title: 'Slow bread', status: 'draft', featured_media: 0 });
    expect(wordpress.media).toEqual([]);
    expect(post?.content).toContain('<p>Good bread needs time more than it needs skill.');
    // "bread" existed as a tag (found by name), "slow baking" was made.
    expect(post?.tags).toContain(7);
    expect([...wordpress.tags.values()]).toContain('slow baking');
    const again = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: wpConnection,
      status: 'publish',
    });
    expect(again.json()).toMatchObject({ remote_id: result.remote_id, updated: true, status: 'publish' });
    expect(wordpress.posts.size).toBe(1);
    expect(wordpress.posts.get(Number(result.remote_id))?.status).toBe('publish');
    const recorded = await ada.get(`/api/v1/content/${contentId}/publications`);
    expect(recorded.json().items).toEqual([
      expect.objectContaining({
        remote_id: result.remote_id,
        status: 'publish',
        connection_name: 'Ada bakes',
      }),
    ]);
    wordpress.posts.clear();
    const remade = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: wpConnection,
      status: 'draft',
    });
    expect(remade.json()).toMatchObject({ updated: false });
    expect(remade.json().remote_id).not.toBe(result.remote_id);
    expect(wordpress.posts.size).toBe(1);
    expect(
      (await eve.send('POST', `/api/v1/content/${contentId}/publish`, { connection_id: wpConnection }))
        .statusCode,
    ).toBe(404);
  });

  it('says why when the password was revoked or the site is down, and keeps the piece', async () => {
    const real = wordpress.appPassword;
    wordpress.appPassword = 'revoked';
    const refused = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: wpConnection,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'connection_auth_failed', params: { remote_status: 401 } });
    wordpress.appPassword = real;
    const down = new FakeWordPress();
    await down.start();
    const made = await ada.send('POST', '/api/v1/publishing/connections', {
      platform: 'wordpress',
      url: down.url,
      username: 'ada',
      app_password: down.appPassword,
    });
    await down.stop();
    const failed = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: made.json().id,
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('connection_unreachable');
    expect(failed.json().detail).toMatch(/could not be reached/);
    expect((await ada.get(`/api/v1/content/${contentId}`)).json().status).toBe('completed');
    const removed = await ada.send('DELETE', `/api/v1/publishing/connections/${made.json().id}`);
    expect(removed.statusCode).toBe(200);
  });

  it('publishes to Ghost with a short-lived Admin API token and updates with updated_at', async () => {
    const bad = await ada.send('POST', '/api/v1/publishing/connections', {
      platform: 'ghost',
      url: ghost.url,
      admin_api_key: `${ghost.keyId}:${'f'.repeat(64)}`,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('connection_auth_failed');
    const made = await ada.send('POST', '/api/v1/publishing/connections', {
      platform: 'ghost',
      url: ghost.url,
      admin_api_key: ghost.adminKey,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Ada writes', account: ghost.keyId });
    const id = made.json().id;
    ghostConnection = id;
    const first = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: id,
      status: 'draft',
    });
    expect(first.statusCode).toBe(200);
    const post = ghost.posts.get(first.json().remote_id);
    expect(post).toMatchObject({
      title: 'Slow bread',
      status: 'draft',
      tags: [{ name: 'bread' }, { name: 'slow baking' }],
    });
    expect(post?.html).toContain('<p>Good bread needs time');
    expect(post?.feature_image).toBeNull();
    expect(ghost.images).toEqual([]);
    const second = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: id,
      status: 'publish',
    });
    expect(second.json()).toMatchObject({ remote_id: first.json().remote_id, updated: true });
    expect(ghost.posts.get(first.json().remote_id)?.status).toBe('published');
    for (const token of ghost.tokens) {
      expect(token).toMatchObject({ kid: ghost.keyId, aud: '/admin/' });
      expect(token.exp - token.iat).toBeLessThanOrEqual(300);
    }
  });

  it('counts any 2xx from WordPress or Ghost as done: an update answered 201 is an update', async () => {
    wordpress.updateStatus = 201;
    ghost.updateStatus = 201;
    try {
      for (const [connection, site] of [
        [wpConnection, 'WordPress'],
        [ghostConnection, 'Ghost'],
      ]) {
        const res = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
          connection_id: connection,
          status: 'draft',
        });
        expect(res.statusCode, `${site}: ${res.body}`).toBe(200);
        expect(res.json(), site).toMatchObject({ updated: true, status: 'draft' });
      }
    } finally {
      wordpress.updateStatus = 200;
      ghost.updateStatus = 200;
    }
  });

  it('features the saved infographic, or the one named, uploaded as media to WordPress and Ghost', async () => {
    // Two cover-sized variations of the piece; the user saves the second.
    const set = (
      await ada.send('POST', '/api/v1/infographics/react/generate', {
        content_id: contentId,
        variation_count: 2,
        size: '1200x630',
      })
    ).json() as GenerationResult;
    expect(set.total_generated).toBe(2);
    const [first, second] = set.variations as [InfographicVariation, InfographicVariation];
    const save = await ada.send('POST', '/api/v1/infographics/save', {
      image_id: second.id,
      content_id: contentId,
    });
    expect(save.statusCode).toBe(201);
    const bytesOf = async (v: InfographicVariation) =>
      (
        await t.app.inject({
          method: 'GET',
          url: (v.infographic_url as string).replace(/^https?:\/\/[^/]+/, ''),
        })
      ).rawPayload;

    // WordPress: the saved image goes to the media library as a PNG, then becomes featured_media.
    const wp = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: wpConnection,
      status: 'draft',
    });
    expect(wp.statusCode).toBe(200);
    expect(wp.json()).toMatchObject({ updated: true, featured_image: true });
    const media = wordpress.media.at(-1);
    expect(media?.type).toBe('image/png');
    expect(media?.name).toMatch(/-1200x630\.png$/);
    expect(media?.bytes.equals(await bytesOf(second))).toBe(true);
    expect(await decoded(media?.bytes ?? Buffer.alloc(0))).toEqual({
      format: 'png',
      width: 1200,
      height: 630,
    });
    expect(media?.alt_text).toBe(second.data?.title);
    const post = wordpress.posts.get(Number(wp.json().remote_id));
    expect(post?.featured_media).toBe(media?.id);
    // The site serves it back as uploaded.
    const served = await fetch(`${wordpress.url}/wp-content/uploads/${media?.name}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(media?.bytes ?? Buffer.alloc(0))).toBe(true);

    // Naming an infographic features that one instead.
    const named = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: wpConnection,
      infographic_id: first.id,
    });
    expect(named.json()).toMatchObject({ featured_image: true });
    const namedMedia = wordpress.media.at(-1);
    expect(namedMedia?.bytes.equals(await bytesOf(first))).toBe(true);
    expect(wordpress.posts.get(Number(wp.json().remote_id))?.featured_media).toBe(namedMedia?.id);

    // Someone else's image is not found, and nothing reaches the site.
    const eveSet = (
      await eve.send('POST', '/api/v1/infographics/react/generate', {
        content_data: 'Eve notes\n\nThe river rose by a metre overnight.',
        variation_count: 1,
        size: '512x512',
      })
    ).json() as GenerationResult;
    const requests = wordpress.received.length;
    const foreign = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: wpConnection,
      infographic_id: eveSet.variations[0]?.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('infographic_not_found');
    expect(wordpress.received.length).toBe(requests);

    // Ghost: the saved image is uploaded as a multipart form and set as feature_image.
    const gh = await ada.send('POST', `/api/v1/content/${contentId}/publish`, {
      connection_id: ghostConnection,
      status: 'draft',
    });
    expect(gh.statusCode).toBe(200);
    expect(gh.json()).toMatchObject({ updated: true, featured_image: true });
    const uploaded = ghost.images.at(-1);
    expect(uploaded?.type).toBe('image/png');
    expect(uploaded?.bytes.equals(await bytesOf(second))).toBe(true);
    const ghostPost = ghost.posts.get(gh.json().remote_id);
    expect(ghostPost?.feature_image).toBe(uploaded?.url);
    const fromGhost = await fetch(uploaded?.url ?? '');
    expect(await decoded(Buffer.from(await fromGhost.arrayBuffer()))).toEqual({
      format: 'png',
      width: 1200,
      height: 630,
    });
  });

  it('delivers content.completed to the webhook, signed, retrying after a 500', async () => {
    const hooks = (await ada.get('/api/v1/publishing/webhooks')).json().items;
    expect(hooks).toEqual([expect.objectContaining({ events: ['content.completed'], description: 'n8n' })]);
    expect(JSON.stringify(hooks)).not.toContain(hookSecret);
    const log = await until(
      async () =>
        (await ada.get(`/api/v1/publishing/webhooks/${hooks[0].id}/deliveries`)).json()
          .items as WebhookDelivery[],
      (items) => items[0]?.status === 'delivered',
      'the retried delivery',
      30_000,
    );
    expect(log).toHaveLength(1);
    expect(log[0]?.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(hookBodies).toHaveLength(2);
    for (const { headers, raw } of hookBodies) {
      expect(verifyWebhook(hookSecret, raw, String(headers['x-voxpress-signature']))).toBe(true);
      expect(verifyWebhook('whsec_wrong', raw, String(headers['x-voxpress-signature']))).toBe(false);
      expect(headers['x-voxpress-event']).toBe('content.completed');
    }
    const payload = JSON.parse(hookBodies[0]?.raw ?? '{}');
    expect(payload).toMatchObject({
      type: 'content.completed',
      data: { content_id: contentId, title: 'Slow bread' },
    });
    expect(hookBodies[0]?.raw).toBe(hookBodies[1]?.raw);
    expect((await eve.get(`/api/v1/publishing/webhooks/${hooks[0].id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('publishing with private addresses refused (the default)', () => {
  let t: TestContext;
  let ada: Client;
  const wordpress = new FakeWordPress();

  beforeAll(async () => {
    await wordpress.start();
    t = await createTestContext('pglite', { startWorkers: false, env: { AUTH_RATE_LIMIT: '1000' } });
    ada = client(t, await signUp(t.app, 'ada@example.com'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await wordpress.stop();
  });

  it('refuses a site or a webhook on this machine or a private network', async () => {
    for (const url of [
      wordpress.url,
      'http://10.0.0.5',
      'http://169.254.169.254',
      'http://[::1]:8080',
      `http://localhost:${new URL(wordpress.url).port}`,
    ]) {
      const res = await ada.send('POST', '/api/v1/publishing/connections', {
        platform: 'wordpress',
        url,
        username: 'ada',
        app_password: wordpress.appPassword,
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code, url).toBe('destination_forbidden');
    }
    expect(wordpress.received).toEqual([]);
    const hook = await ada.send('POST', '/api/v1/publishing/webhooks', { url: 'http://192.168.1.20/hook' });
    expect(hook.statusCode).toBe(422);
    expect(hook.json().code).toBe('destination_forbidden');
  });

  it('refuses a webhook whose name resolves to this machine when it is created, not at each delivery', async () => {
    for (const url of [`http://localhost:${new URL(wordpress.url).port}/hook`, 'http://localhost/hook']) {
      const hook = await ada.send('POST', '/api/v1/publishing/webhooks', { url });
      expect(hook.statusCode, url).toBe(422);
      expect(hook.json(), url).toMatchObject({
        code: 'destination_forbidden',
        params: { host: expect.stringMatching(/^localhost \((127\.0\.0\.1|::1)\)$/) },
      });
    }
    expect(wordpress.received).toEqual([]);
  });
});
