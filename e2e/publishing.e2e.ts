// Publishing in the browser: a written piece's X thread is copied post by post (through the real
// clipboard), WordPress is connected from Settings, and the piece goes out as a draft to a fake
// WordPress on 127.0.0.1 that speaks the REST API and checks the application password.

import { FakeWordPress } from '@voxpress/test-kit/fake-wordpress';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
const wordpress = new FakeWordPress();

const ARTICLE = [
  'Slow bread',
  '',
  'Good bread needs time more than it needs skill. Let the dough rise slowly overnight in a cool kitchen, and the flavour deepens while you sleep. Nothing else you do matters as much as the wait.',
  '',
  'Use a heavy pot with a lid. Heat it in the oven for half an hour before the dough goes in, so the crust sets fast and the loaf springs up. A cold pot gives a pale, flat loaf.',
  '',
  'Bake it hot for twenty minutes with the lid on, then twenty more without it. Let it cool for an hour before you cut it, or the crumb turns gummy. Flour, water, salt and a little yeast are all you need.',
].join('\n');

beforeAll(async () => {
  await wordpress.start();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await wordpress.stop();
});

/** Uploads the article as a document and writes a piece from it, from inside the page. */
async function writePiece(page: Page): Promise<{ transcriptionId: string; contentId: string }> {
  return page.evaluate(`(async () => {
    const auth = { Authorization: 'Bearer ' + localStorage.getItem('access_token') };
    const form = new FormData();
    form.append('title', 'Slow bread');
    form.append('language', 'en');
    form.append('file', new Blob([${JSON.stringify(ARTICLE)}], { type: 'text/plain' }), 'bread.txt');
    const up = await (await fetch('/api/v1/files/upload/content', { method: 'POST', headers: auth, body: form })).json();
    const transcriptionId = up.data.transcription_id;
    const started = await (await fetch('/api/v1/content/enhance', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        transcription_id: transcriptionId,
        content_type: 'blog_post',
        language: ['en'],
        title: 'Slow bread',
        keywords: ['bread', 'slow baking'],
        target_blog_platforms: ['twitter', 'linkedin', 'wordpress', 'Team Wiki'],
      }),
    })).json();
    const contentId = started.data.content_id;
    for (let i = 0; i < 600; i++) {
      const piece = await (await fetch('/api/v1/content/' + contentId, { headers: auth })).json();
      if (piece.status === 'completed') return { transcriptionId, contentId };
      if (piece.status === 'failed') throw new Error('writing failed');
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('writing took too long');
  })()`);
}

describe('publishing', () => {
  it('copies the X thread post by post and publishes a draft to WordPress', async () => {
    const tracked = await openPage(browser, baseUrl, { width: 1440, height: 900 });
    const { page, context } = tracked;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await withScreenshotOnFailure(page, 'publishing', async () => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ada Baker');
      const { transcriptionId } = await writePiece(page);

      // Connect WordPress from Settings: the password is checked by the site before it is kept.
      await page.goto('/settings/account');
      const connections = page.getByRole('region', { name: 'Publishing sites' });
      await connections.getByLabel('Site address').fill(wordpress.url);
      await connections.getByLabel('WordPress user name').fill(wordpress.username);
      await connections.getByLabel('Application password').fill(wordpress.appPassword);
      await connections.getByRole('button', { name: 'Check and connect' }).click();
      await expect
        .poll(() => connections.getByRole('status').textContent(), { timeout: 15_000 })
        .toContain('is connected');
      expect(wordpress.requestsTo('/wp-json/wp/v2/users/me')).toHaveLength(1);

      await page.goto(`/items/${transcriptionId}`);
      const thread = page.getByRole('region', { name: 'X thread' });
      await thread.getByRole('textbox').first().waitFor({ timeout: 30_000 });
      const posts = await thread
        .getByRole('textbox')
        .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
      expect(posts.length).toBeGreaterThan(1);
      posts.forEach((post, i) => {
        expect(post.startsWith(`${i + 1}/${posts.length} `)).toBe(true);
      });
      // The counter counts as X does, against 280.
      await expect.poll(() => thread.getByTestId('counter').first().textContent()).toMatch(/^\d+ \/ 280$/);
      await thread.getByRole('button', { name: /^Copy Post 2 of/ }).click();
      await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(posts[1]);
      await expect
        .poll(() => thread.getByRole('button', { name: /^Copy Post 2 of/ }).textContent())
        .toContain('Copied');

      // A custom platform takes the limit and style its owner gives it.
      const wiki = page.getByRole('region', { name: 'Team Wiki' });
      await wiki.getByRole('button', { name: 'Set the limit and style of Team Wiki' }).click();
      await wiki.getByLabel('Characters allowed').fill('200');
      await wiki.getByLabel('Style note').fill('Plain words.');
      await wiki.getByRole('button', { name: 'Save and make again' }).click();
      // The rendition is made again by a job; the card follows until the new text is in.
      await expect
        .poll(async () => (await wiki.getByRole('textbox').first().inputValue()).length, { timeout: 20_000 })
        .toBeLessThanOrEqual(200);
      await expect.poll(() => wiki.getByTestId('counter').first().textContent()).toMatch(/ \/ 200$/);

      // Publish as a draft (the default), then see the link to the post.
      const publish = page.getByRole('region', { name: 'Publish to your site' });
      await publish.getByRole('button', { name: 'Publish', exact: true }).click();
      const link = publish.getByTestId('published-link');
      await link.waitFor({ timeout: 30_000 });
      const [post] = [...wordpress.posts.values()];
      expect(post).toMatchObject({ title: 'Slow bread', status: 'draft' });
      expect(post?.content).toContain('<p>');
      expect(await link.getAttribute('href')).toBe(`${wordpress.url}/?p=${post?.id}`);
      // Published already: the button now updates that post.
      await expect.poll(() => publish.getByRole('button', { name: 'Update' }).count()).toBe(1);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/settings/account');
      await page.getByRole('region', { name: 'Webhooks' }).waitFor();
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
    await context.close();
  }, 180_000);
});
