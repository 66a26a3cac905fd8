// Share links in the browser: a flite recording is heard by PocketSphinx, a piece is written from it,
// and its owner makes a link from the item page's Share dialog. The page opens signed out with
// JavaScript off and reads the transcript with its times; the player's ticket plays the recording.
// Revoked from Settings → Shared links, the page answers 404.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Audio, Content, Item } from '@voxpress/contracts';
import { FIXTURE_PARAGRAPH, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readTokens, signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';
import { type ApiUser, generateSet, saveImage, writeContent } from './lib/infographic-seed.ts';

const baseUrl = inject('baseUrl');
/** PocketSphinx hears 16 s of speech in a few seconds; a loaded two-core machine can be much slower. */
const HEARD_WITHIN_MS = 150_000;

let dir: string;
let wav: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-share-'));
  wav = await makeSpeechWav(FIXTURE_PARAGRAPH, dir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function call<T>(user: ApiUser, pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${user.token}`, ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Uploads the recording and waits until its transcript is there; returns the item. */
async function heardItem(user: ApiUser): Promise<Item> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(wav)], { type: 'audio/wav' }), 'working-from-home.wav');
  form.append('title', 'Working from home');
  form.append('language', 'en-US');
  const up = await call<{ data: Audio }>(user, '/files/upload/audio', { method: 'POST', body: form });
  const deadline = Date.now() + HEARD_WITHIN_MS;
  for (;;) {
    const item = await call<Item>(user, `/items/${up.data.id}`);
    if (item.audio?.transcription_status === 'completed' && item.transcription_id) return item;
    if (item.audio?.transcription_status === 'failed' || Date.now() > deadline)
      throw new Error(`transcription did not finish: ${item.audio?.transcription_status}`);
    // Polled, as the app's own fallback does.
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Resolves once the page's transitions (a dialog fading in) have finished or been cancelled. */
async function settled(page: Page): Promise<void> {
  await page.evaluate('Promise.allSettled(document.getAnimations().map((a) => a.finished))');
}

async function shareFromDialog(page: Page, parts: string[]): Promise<string> {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share a read-only page' });
  await dialog.waitFor();
  for (const part of parts) await dialog.getByRole('checkbox', { name: part }).check();
  await expect(
    dialog.getByRole('checkbox', { name: 'Transcript, with speakers and times' }).isChecked(),
  ).resolves.toBe(true);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const created = dialog.getByTestId('created-share-url');
  await created.waitFor();
  await dialog.getByTestId('share-link').first().waitFor();
  await settled(page);
  const url = await created.inputValue();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return url;
}

describe('share links', () => {
  it('a link made in the dialog opens signed out without JavaScript, plays, and stops once revoked', async () => {
    const owner = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    await withScreenshotOnFailure(owner.page, 'share-owner', async () => {
      await owner.page.goto('/');
      await signUpThroughApi(owner.page, 'Ada Sharer');
      const user: ApiUser = { baseUrl, token: (await readTokens(owner.page)).access ?? '' };
      const item = await heardItem(user);
      const piece: Content = await writeContent(user, item.transcription_id ?? '', 'enhanced');
      const set = await generateSet(user, piece.id, 'enhanced');
      const card = await saveImage(user, set.variations[0]?.id ?? '', 'Home office card');

      await owner.page.goto(`/items/${item.id}`);
      const url = await shareFromDialog(owner.page, [piece.title, 'Home office card']);
      expect(url).toMatch(new RegExp(`^${baseUrl}/s/[A-Za-z0-9_-]{43}$`));

      // A stranger: no account, no stored tokens, no scripts.
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
      });
      try {
        const page = await context.newPage();
        const res = await page.goto(url);
        expect(res?.status()).toBe(200);
        await expect(page.locator('h1').textContent()).resolves.toBe('Working from home');
        const transcript = (
          await page.locator('section[aria-labelledby="transcript"]').innerText()
        ).toLowerCase();
        for (const words of ['working from home', 'regular schedule', 'talk to your team'])
          expect(transcript).toContain(words);
        expect(transcript).toContain('0:00');
        expect(transcript).toContain('transcribed by pocketsphinx');
        expect(await page.locator('main').innerText()).toContain('Written by the built-in composer');
        await expect(page.getByRole('heading', { level: 3, name: piece.title }).count()).resolves.toBe(1);
        await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
          'noindex, nofollow',
        );
        await expect(page.locator('meta[property="og:title"]').getAttribute('content')).resolves.toBe(
          'Working from home',
        );
        expect(await page.content()).not.toContain('@example');
        // The saved image is there, served through the link, and is the preview's picture.
        const img = page.getByRole('img', { name: 'Home office card' });
        const imageUrl = new URL((await img.getAttribute('src')) ?? '', url).toString();
        await expect(page.locator('meta[property="og:image"]').getAttribute('content')).resolves.toBe(
          imageUrl,
        );
        const image = await page.request.get(imageUrl);
        expect(image.status()).toBe(200);
        expect(image.headers()['content-type']).toBe('image/png');
        // A whole PNG of the saved size (its IHDR chunk holds the width).
        expect((await image.body()).readUInt32BE(16)).toBe(card.width);

        // The player's ticket plays the recording: the same bytes that were uploaded.
        const src = await page.locator('audio').getAttribute('src');
        expect(src).toMatch(/\/audio\?ticket=/);
        const audio = await page.request.get(new URL(src ?? '', url).toString());
        expect(audio.status()).toBe(200);
        expect((await audio.body()).equals(readFileSync(wav))).toBe(true);
      } finally {
        await context.close();
      }

      // On a phone in the dark, the dialog lists the link made above.
      await owner.page.setViewportSize({ width: 390, height: 844 });
      // The app keeps its colour scheme where its toggle puts it.
      await owner.page.evaluate("localStorage.setItem('voxpress-color-scheme', 'dark')");
      await owner.page.reload();
      await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Share a read-only page' });
      await dialog.getByTestId('share-url').waitFor();
      await settled(owner.page);
      await owner.page.keyboard.press('Escape');
      await owner.page.setViewportSize({ width: 1280, height: 900 });

      // Settings → Account lists the link; revoking it there closes the page.
      await owner.page.goto('/settings/account');
      const section = owner.page.getByRole('region', { name: 'Shared links' });
      await section.getByText('Working from home').first().waitFor();
      await section.scrollIntoViewIfNeeded();
      await section.getByRole('button', { name: 'Revoke the link to Working from home' }).click();
      await section.getByText('You have no active share links.').waitFor();
      const gone = await fetch(url);
      expect(gone.status).toBe(404);
      expect(await gone.text()).toContain('This link does not work');
    });
    expect(owner.problems.consoleErrors).toEqual([]);
    expect(owner.problems.failedRequests).toEqual([]);
    await owner.context.close();
  });
});
