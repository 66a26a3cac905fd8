// Speaker turns in the transcript editor: a recording of two voices is uploaded, transcribed and
// its speakers found by the server's own engines; the editor then shows each turn under its
// speaker's name and colour, and the text typed into a turn stays that speaker's once saved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeConversation } from '../apps/server/src/engines/diarizer/conversation-fixture.ts';
import { signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let dir: string;
let wav: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-speaker-turns-'));
  const talk = await makeConversation(dir, 'bakery', [
    { voice: 'kal16', text: 'Welcome to the bakery. Today we talk about rye bread.' },
    { voice: 'slt', text: 'Thank you for having me. I have baked rye bread for twenty years.' },
    { voice: 'kal16', text: 'What is the secret of a good loaf of bread?' },
    { voice: 'slt', text: 'A long rest for the dough, and a very hot oven in the morning.' },
  ]);
  wav = talk.wavPath;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const editor = (page: Page) => page.getByRole('textbox', { name: 'Transcript text' });
const labels = (page: Page) => page.locator('.vx-turn-label');

describe('speaker turns in the transcript editor', () => {
  it('shows each turn under its speaker, and keeps the speaker of the words edited', async () => {
    const tracked = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    const { page } = tracked;
    await withScreenshotOnFailure(page, 'speaker-turns-editor', async () => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ana Baker');
      await page.goto('/home/audio?mode=upload');
      await page.getByLabel('Title').fill('Bakery talk');
      await page.locator('input[type="file"][accept*="audio/"]').setInputFiles(wav);
      await page.waitForURL(/\/items\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      const audioId = page.url().split('/').at(-1) as string;
      // Transcription, then speaker detection in its own job.
      await page.getByTestId('speaker-turn').nth(1).waitFor({ timeout: 240_000 });

      await page.getByRole('button', { name: 'Speaker 1: name this speaker or merge it' }).first().click();
      await page.getByRole('combobox', { name: 'Name' }).fill('Ana');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.getByRole('button', { name: 'Ana: name this speaker or merge it' }).first().waitFor();

      const turns = await page.getByTestId('speaker-turn').count();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await editor(page).waitFor();
      // In the editor every turn opens with its speaker's name, in the speaker's colour.
      await expect.poll(() => labels(page).count()).toBe(turns);
      const names = await labels(page).allInnerTexts();
      expect(names[0]).toBe('Ana');
      expect(names).toContain('Speaker 2');
      const colours = await labels(page).evaluateAll((els) =>
        els.map((e) => (e as unknown as { style: { color: string } }).style.color),
      );
      expect(new Set(colours).size).toBe(2);
      // The names are not part of the text.
      expect(
        await editor(page)
          .locator('p')
          .first()
          .evaluate((p) => p.getAttribute('data-speaker')),
      ).toBe('S1');

      // Words typed into Ana's first turn, and a paragraph begun from it with Enter, stay hers.
      const first = editor(page).locator('p').first();
      await first.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Fresh every day.');
      await page.keyboard.press('Enter');
      await page.keyboard.type('And the shop opens at six.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();

      const saved = (await page.evaluate(`(async () => {
        const res = await fetch('/api/v1/audio/${audioId}/transcription', {
          headers: { authorization: 'Bearer ' + localStorage.getItem('access_token') },
        });
        return res.json();
      })()`)) as { html: string; text: string };
      expect(saved.html).toMatch(
        /<p data-speaker="S1">[^<]*Fresh every day\.<\/p><p data-speaker="S1">And the shop opens at six\.<\/p>/,
      );
      expect(saved.html).toMatch(/<p data-speaker="S2">/);
      expect(saved.text).not.toMatch(/\bAna\b/);

      // The saved edit reads with its turns too.
      const reading = page.getByTestId('transcript-text');
      await expect.poll(() => reading.locator('.vx-turn-label').count()).toBe(turns);
      expect(await reading.innerText()).toContain('Fresh every day.');

      // A phone in the dark: the editor fits, the labels wrap with the text.
      await page.evaluate("localStorage.setItem('voxpress-color-scheme', 'dark')");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await editor(page).waitFor();
      await expect.poll(() => labels(page).count()).toBe(turns);
      const scrolls = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
      expect(scrolls).toBe(false);
      await page.getByRole('button', { name: 'Cancel' }).click();
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
    await tracked.context.close();
  });
});
