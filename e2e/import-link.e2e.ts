// Import from a link in the browser: a podcast feed served by a local site (speech made with flite,
// a small MP4 made with ffmpeg) lists its episodes on the capture page's "From a link" tab; the one
// chosen is fetched by the server, transcribed, and its page says where it came from. The suite's
// server runs with ALLOW_PRIVATE_ADDRESSES=true, so it may reach the site on 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaSite } from '@voxpress/test-kit/media-site';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let dir: string;
const site = new MediaSite();

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-import-e2e-'));
  await site.start(dir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import from a link', () => {
  it('lists a feed, imports the episode chosen, and its page says where it came from', async () => {
    // The link that is not media answers 415: expected, and shown as an error in the page.
    const tracked = await openPage(browser, baseUrl, { width: 1280, height: 900, allowStatus: [415] });
    const { page } = tracked;
    await withScreenshotOnFailure(page, 'import-link', async () => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ada Importer');
      await page.goto('/home/audio?mode=link');
      const linkTab = page.getByRole('tab', { name: 'From a link' });
      expect(await linkTab.getAttribute('aria-selected')).toBe('true');

      // A file that is not media: the server's refusal, in words.
      const field = page.getByRole('textbox', { name: /^Link/ });
      await field.fill(`${site.url}/media/notes.mp3`);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const error = page.getByTestId('link-error');
      await error.waitFor();
      expect(await error.innerText()).toContain(
        'That link is not an audio or video file, a podcast feed or a video page that can be imported.',
      );

      // The feed: its episodes with media, newest first, with their dates and lengths.
      await field.fill(`${site.url}/feed`);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const list = page.getByTestId('feed-episodes');
      await list.waitFor();
      expect(await page.getByTestId('link-error').count()).toBe(0);
      await page.getByRole('heading', { name: 'Episodes of Working Well & Remote' }).waitFor();
      const boxes = list.getByRole('checkbox');
      expect(await boxes.count()).toBe(3);
      expect(await list.innerText()).toMatch(
        /A note about the meeting[\s\S]*Morning ideas[\s\S]*Video: the talk/,
      );
      expect(await list.innerText()).toContain('Nov 1, 2026 · 1 hr, 2 min');

      await list.getByRole('checkbox', { name: 'Morning ideas' }).check();
      await page.getByRole('button', { name: 'Import chosen (1)' }).click();
      await page.waitForURL('**/items/*');
      await page.getByTestId('item-title').filter({ hasText: 'Morning ideas' }).waitFor();
      const source = page.getByTestId('item-source');
      await source.waitFor();
      const host = new URL(site.url).host;
      expect(await source.innerText()).toMatch(
        new RegExp(
          `^Episode of “Working Well & Remote” from ${host.replace(/\./g, '\\.')}, imported on .+\\. Published in the feed on .+\\.$`,
        ),
      );
      expect(await source.getByRole('link', { name: host }).getAttribute('href')).toBe(
        `${site.url}/media/morning.mp3`,
      );
      expect(await page.getByTestId('item-facts').textContent()).toContain('Imported');

      // Fetched by the server, then heard: the transcript holds the episode's words.
      const transcript = page.getByText(/good morning everyone/i).first();
      await transcript.waitFor({ timeout: 120_000 });
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
    await tracked.context.close();
  }, 180_000);

  it('fits a phone in the dark, with the feed listed', async () => {
    const tracked = await openPage(browser, baseUrl, { width: 390, height: 844 });
    const { page } = tracked;
    await withScreenshotOnFailure(page, 'import-link-phone', async () => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ada Phone');
      await page.evaluate("localStorage.setItem('voxpress-color-scheme', 'dark')");
      await page.goto('/home/audio?mode=link');
      await page.getByRole('textbox', { name: /^Link/ }).fill(`${site.url}/atom`);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByTestId('feed-episodes').waitFor();
      const scrolls = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
      expect(scrolls).toBe(false);

      // Several episodes at once: each becomes an item, listed with a link to its page.
      await page.getByRole('textbox', { name: /^Link/ }).fill(`${site.url}/feed`);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const list = page.getByTestId('feed-episodes');
      await list.getByRole('checkbox', { name: 'A note about the meeting' }).waitFor();
      await list.getByRole('checkbox', { name: 'A note about the meeting' }).check();
      await list.getByRole('checkbox', { name: 'Video: the talk' }).check();
      await page.getByRole('button', { name: 'Import chosen (2)' }).click();
      const started = page.getByTestId('link-started');
      await started.waitFor();
      expect(await started.getByRole('link').allInnerTexts()).toEqual([
        'A note about the meeting',
        'Video: the talk',
      ]);
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    await tracked.context.close();
  }, 60_000);
});
