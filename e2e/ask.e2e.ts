// Asking the library in the browser: a flite recording is heard by PocketSphinx, then a question on
// the library page finds its passage (no language model on this server: the passages themselves),
// whose chip opens the item at that second; on the item page a chip moves the player there.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Audio, Item } from '@voxpress/contracts';
import { FIXTURE_PARAGRAPH, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readTokens, signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
/** PocketSphinx hears 16 s of speech in a few seconds; a loaded two-core machine can be much slower. */
const HEARD_WITHIN_MS = 150_000;

let dir: string;
let wav: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-ask-'));
  wav = await makeSpeechWav(FIXTURE_PARAGRAPH, dir);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function call<T>(token: string, pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Uploads the recording and waits until its transcript is there; returns the item. */
async function heardItem(token: string): Promise<Item> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(wav)], { type: 'audio/wav' }), 'working-from-home.wav');
  form.append('title', 'Working from home');
  form.append('language', 'en-US');
  const up = await call<{ data: Audio }>(token, '/files/upload/audio', { method: 'POST', body: form });
  const deadline = Date.now() + HEARD_WITHIN_MS;
  for (;;) {
    const item = await call<Item>(token, `/items/${up.data.id}`);
    if (item.audio?.transcription_status === 'completed' && item.transcription_id) return item;
    if (item.audio?.transcription_status === 'failed' || Date.now() > deadline)
      throw new Error(`transcription did not finish: ${item.audio?.transcription_status}`);
    // Polled, as the app's own fallback does.
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('asking the library', () => {
  it('finds the moment a question is about, and its chip plays the recording from there', async () => {
    const { page, problems } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    await withScreenshotOnFailure(page, 'ask', async () => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ada Asker');
      const token = (await readTokens(page)).access ?? '';
      const item = await heardItem(token);

      await page.goto('/home/library');
      const box = page.getByRole('region', { name: 'Ask your recordings' });
      await box.getByLabel('Your question').fill('How often should I take breaks?');
      await box.getByLabel('Your question').press('Enter');
      await box.getByText('No language model is set up').waitFor();
      const passage = box.getByRole('listitem').first();
      await expect(passage.innerText()).resolves.toMatch(/breaks/i);
      await expect(
        box.getByText('Nothing was written; these are the passages themselves.').count(),
      ).resolves.toBe(1);
      // How the passages were found, by words alone or by meaning too, is said in words.
      await expect(
        box.getByText(/^Found by (the words of your question|words and by meaning)/).count(),
      ).resolves.toBe(1);

      // The chip is a link to the item at the passage's second, opened from the keyboard.
      const chip = passage.getByRole('link', { name: /^Play / });
      const href = (await chip.getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^/items/${item.id}\\?t=\\d+$`));
      const second = Number(href.split('t=')[1]);
      expect(second).toBeGreaterThan(0);
      await chip.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/items/${item.id}?t=${second}`);

      // On the item's page (opened afresh, at the start) the box asks this recording, and its chip
      // moves the player.
      await page.goto(`/items/${item.id}`);
      const here = page.getByRole('region', { name: 'Ask this recording' });
      await here.getByLabel('Your question').fill('What should I drink?');
      await here.getByRole('button', { name: 'Ask' }).click();
      const play = here.getByRole('button', { name: /^Play / }).first();
      await play.waitFor();
      const at = (await play.getAttribute('aria-label'))?.match(/(\d+):(\d\d)/) ?? [];
      const target = Number(at[1]) * 60 + Number(at[2]);
      expect(target).toBeGreaterThan(0);
      await play.click();
      // The player reports where it is: the chip's second, give or take a frame.
      await page.waitForFunction(
        `(() => { const a = document.querySelector('audio'); return a !== null && Math.abs(a.currentTime - ${target}) < 1.5; })()`,
      );
    });
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });
});
