// Speech to transcript in the browser: flite speech of a known paragraph is uploaded (and, in the
// second case, recorded through Chromium's fake microphone), transcribed by the server's speech
// engine, and the transcript the user sees is compared word by word with the paragraph.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_PARAGRAPH, FIXTURE_PARAGRAPH_2, makeSpeechWav } from '@voxpress/test-kit/speech-fixtures';
import { wordErrorRate } from '@voxpress/test-kit/wer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authDialog, newAccount, submitAuthForm } from './lib/auth-steps.ts';
import { launchBrowser, openPage, type TrackedPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let dir: string;
let paragraphWav: string;
let longWav: string;
let micWav: string;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-transcription-'));
  paragraphWav = await makeSpeechWav(FIXTURE_PARAGRAPH, dir);
  longWav = await makeSpeechWav(`${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2} ${FIXTURE_PARAGRAPH_2}`, dir);
  // The fake microphone loops its file: silence around the speech lets the recording start and
  // stop without cutting words or hearing the paragraph twice.
  micWav = path.join(dir, 'microphone.wav');
  execFileSync('sox', [paragraphWav, micWav, 'pad', '1.5', '4']);
  browser = await launchBrowser({ fakeMicrophoneWav: micWav });
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signedIn(name: string, body: (t: TrackedPage) => Promise<void>, width = 1280): Promise<void> {
  const tracked = await openPage(browser, baseUrl, { width, height: 900 });
  try {
    await withScreenshotOnFailure(tracked.page, name, async () => {
      const { page } = tracked;
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign up free' }).click();
      await submitAuthForm(authDialog(page, 'Create Account'), newAccount('Grace Transcriber'));
      await page.waitForURL('**/features');
      await body(tracked);
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
  } finally {
    await tracked.context.close();
  }
}

async function uploadFile(page: Page, file: string, title: string): Promise<void> {
  await page.goto('/home/audio?mode=upload');
  await page.getByLabel('Title').fill(title);
  await page.locator('input[type="file"][accept*="audio/"]').setInputFiles(file);
  await page.waitForURL(/\/items\/[0-9a-f-]{36}$/, { timeout: 60_000 });
}

async function transcriptText(page: Page, timeoutMs = 120_000): Promise<string> {
  const text = page.getByTestId('transcript-text');
  await text.waitFor({ timeout: timeoutMs });
  return text.innerText();
}

const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PASTED_HTML = `<p>A <a href="https://example.com/">safe link</a> and a <a href="javascript:alert(1)">bad link</a>.</p>
<img src="${PIXEL_PNG}" alt="pixel"><img src="javascript:alert(2)" alt="bad"><img src="file:///etc/passwd" alt="local">`;

describe('transcription in the browser', () => {
  it('turns an uploaded paragraph into an accurate transcript, then keeps an edit', async () => {
    await signedIn('transcribe-upload', async ({ page }) => {
      await uploadFile(page, paragraphWav, 'Working from home');
      const heard = await transcriptText(page);
      const wer = wordErrorRate(FIXTURE_PARAGRAPH, heard);
      console.log(`[e2e] upload → transcript WER ${(wer * 100).toFixed(1)} %`);
      expect(wer).toBeLessThanOrEqual(0.15);
      await page.getByText('Optimized Engine').waitFor();

      // The timed view: each segment plays the audio from its start.
      const views = page.getByRole('radiogroup', { name: 'Transcript view' });
      await views.getByText('Timed', { exact: true }).click();
      const segments = page.getByRole('list', { name: 'Timed transcript' }).getByRole('button');
      expect(await segments.count()).toBeGreaterThan(1);
      const second = segments.nth(1);
      const [, mm = '0', ss = '0'] =
        /^Play from (\d\d):(\d\d): /.exec((await second.getAttribute('aria-label')) ?? '') ?? [];
      await second.click();
      await page
        .locator('[aria-current="true"]', { hasText: (await second.innerText()).split('\n').at(-1) ?? '' })
        .waitFor();
      const at = Number(await page.evaluate(`document.querySelector('audio').currentTime`));
      expect(Math.floor(at)).toBeGreaterThanOrEqual(Number(mm) * 60 + Number(ss));
      expect(at).toBeLessThan(Number(mm) * 60 + Number(ss) + 2);
      await views.getByText('Text', { exact: true }).click();

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const editor = page.getByRole('textbox', { name: 'Transcript text' });
      await editor.click();
      await page.keyboard.press('Control+a');
      await page.keyboard.type('Good morning everyone. This line was edited in the browser.');
      // Pasted rich text keeps only the spec's link (http, https, mailto, tel) and image (http,
      // https, data) addresses.
      await page.evaluate(`(() => {
        const data = new DataTransfer();
        data.setData('text/html', ${JSON.stringify(PASTED_HTML)});
        data.setData('text/plain', 'pasted');
        const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        document.querySelector('[aria-label="Transcript text"]').dispatchEvent(paste);
      })()`);
      await page.getByText('Unsaved changes').waitFor();
      // Auto-save after two seconds without typing.
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved$/ })
        .waitFor({ timeout: 10_000 });
      await page.reload();
      const saved = await transcriptText(page);
      expect(saved).toContain('Good morning everyone. This line was edited in the browser.');
      expect(saved).toContain('A safe link and a bad link.');
      await page.getByText('Edited by you').waitFor();
      const shown = page.getByTestId('transcript-text');
      expect(await shown.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
        'https://example.com/',
      ]);
      expect(
        await shown.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
      ).toEqual([PIXEL_PNG]);
      const audioId = new URL(page.url()).pathname.split('/').pop();
      const stored = (await page.evaluate(
        `fetch('/api/v1/audio/${audioId}/transcription', { headers: { authorization: 'Bearer ' + localStorage.getItem('access_token') } }).then((r) => r.json())`,
      )) as { html: string | null };
      expect(stored.html).toContain(PIXEL_PNG);
      expect(stored.html).not.toMatch(/javascript:|file:/);

      // The dashboard counts it, the library lists it, and Delete removes it.
      await page.goto('/home');
      const figures = page.getByRole('region', { name: 'Your figures' });
      await figures.getByText('1 transcribed, 0 failed').waitFor();
      // The engines' own confidence in what they heard, named as such: a real percentage, not a dash.
      await figures
        .getByRole('button', { name: /^Engine confidence: How sure the speech engines were/ })
        .waitFor();
      await figures.getByText(/^(\d|[1-9]\d|100)%$/).waitFor();
      await figures.getByText('of 10 GB for your audio').waitFor();
      const usage = figures.getByRole('progressbar', { name: 'Storage used' });
      expect(await usage.getAttribute('aria-valuetext')).toMatch(/^\d+ kB of 10 GB$/);
      const performance = page.getByRole('region', { name: 'Processing performance' });
      await performance.getByText('PocketSphinx (1)').waitFor();
      await performance.getByText(/^\d+\.\d× real time$/).waitFor();
      await performance.getByText(/^\d+(\.\d)? sec on average$/).waitFor();
      const month = page.getByRole('region', { name: 'This month' });
      expect(await month.locator('dd').allInnerTexts()).toEqual([
        '1',
        expect.stringMatching(/^\d+ seconds$/),
        '1',
      ]);
      await page.getByRole('button', { name: 'Quick actions menu' }).click();
      await page.getByRole('menuitem', { name: 'Import file' }).waitFor();
      await page.keyboard.press('Escape');
      const recent = page.getByRole('region', { name: 'Recent activity' });
      await recent.getByRole('link', { name: 'Open Working from home' }).waitFor();
      expect(await recent.getByText('Transcribed').count()).toBe(1);
      await page.getByRole('link', { name: /^View all/ }).click();
      await page.waitForURL('**/home/library');
      // Search reaches into transcripts: the edited text is what is found, its words marked.
      const search = page.getByRole('searchbox', { name: 'Search titles, transcripts and documents' });
      await search.fill('edited BROWSER');
      await page.waitForURL(/[?&]q=edited/);
      // The search hit (it marks the words), not the library row it replaces once results arrive.
      const hit = page
        .getByRole('link', { name: 'Open Working from home' })
        .filter({ has: page.locator('mark') });
      await hit.waitFor();
      expect(await hit.getByText('Transcript').count()).toBe(1);
      expect(await hit.locator('mark').allInnerTexts()).toEqual(['edited', 'browser']);
      await search.fill('zebra');
      await page.getByText('No matches').waitFor();
      await page.getByRole('button', { name: 'Clear search' }).click();
      expect(await search.inputValue()).toBe('');
      await page.getByRole('button', { name: 'Actions for Working from home' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this audio?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByText('No recordings yet').waitFor();
    });
  });

  it('transcribes a finished recording again in the language the user picks', async () => {
    await signedIn('transcribe-again', async ({ page }) => {
      await uploadFile(page, paragraphWav, 'Wrong language');
      await transcriptText(page);
      const panel = page.getByRole('region', { name: /^Transcript/ });
      await panel.getByText('English (Universal – All Regions & Accents)').waitFor();
      await page.getByRole('button', { name: 'Transcribe again' }).click();
      const dialog = page.getByRole('dialog', { name: 'Transcribe again?' });
      await dialog.getByRole('combobox', { name: /^Transcription language/ }).click();
      await page.locator('input[placeholder="Search languages..."]:visible').fill('United Kingdom');
      await page.getByRole('option', { name: /English \(United Kingdom\)/ }).click();
      await dialog.getByRole('button', { name: 'Transcribe again' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The new transcript, heard in the chosen language, takes the old one's place.
      await panel.getByText('English (United Kingdom)').waitFor({ timeout: 120_000 });
      expect(wordErrorRate(FIXTURE_PARAGRAPH, await transcriptText(page))).toBeLessThanOrEqual(0.15);
    });
  });

  it('shows live progress again after a reload in the middle of a transcription', async () => {
    await signedIn('transcribe-reload', async ({ page }) => {
      await uploadFile(page, longWav, 'A longer note');
      const banner = page.getByText('Processing your audio... This may take a minute.');
      await banner.waitFor();
      await page.reload();
      await banner.waitFor();
      await page.getByRole('progressbar', { name: 'Transcription progress' }).waitFor();
      const heard = await transcriptText(page);
      expect(
        wordErrorRate(`${FIXTURE_PARAGRAPH} ${FIXTURE_PARAGRAPH_2} ${FIXTURE_PARAGRAPH_2}`, heard),
      ).toBeLessThanOrEqual(0.15);
      expect(await banner.count()).toBe(0);

      await page.getByRole('button', { name: 'Done & Clear' }).click();
      await page.getByRole('heading', { name: 'Capture Audio' }).waitFor();
      expect(page.url()).toMatch(/\/home\/audio$/);
    });
  });

  it('transcribes a recording from the microphone accurately', async () => {
    await signedIn(
      'transcribe-record',
      async ({ page }) => {
        await page.goto('/home/audio?mode=record');
        await page.getByRole('button', { name: 'Start recording' }).click();
        await page.getByRole('button', { name: 'Pause' }).waitFor();
        const seconds = Number(execFileSync('soxi', ['-D', micWav]).toString()) - 1.5;
        await page.waitForTimeout(seconds * 1000);
        await page.getByRole('button', { name: 'Stop' }).click();
        await page.getByRole('button', { name: 'Use Recording' }).click();
        await page.waitForURL(/\/items\/[0-9a-f-]{36}$/, { timeout: 60_000 });
        const heard = await transcriptText(page);
        const wer = wordErrorRate(FIXTURE_PARAGRAPH, heard);
        console.log(`[e2e] microphone → transcript WER ${(wer * 100).toFixed(1)} %`);
        expect(wer).toBeLessThanOrEqual(0.15);
        // A recording is named after its first words once heard, not after the time it was made.
        await page
          .getByTestId('item-title')
          .getByText(/^Good morning everyone/i)
          .waitFor();
      },
      390,
    );
  });
});
