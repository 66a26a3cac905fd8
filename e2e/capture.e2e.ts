// The Capture Audio panel end to end: a recording from Chromium's fake microphone (speech made
// with flite at test time) goes through conversion, the presigned PUT and transcription; files go
// through the drop area, the server's magic-byte check and the client-side type check.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authDialog, newAccount, submitAuthForm } from './lib/auth-steps.ts';
import { launchBrowser, openPage, type TrackedPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let dir: string;
const fixtures = { speechWav: '', mp3: '', fakeMp3: '', text: '' };

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-capture-'));
  const raw = path.join(dir, 'raw.wav');
  fixtures.speechWav = path.join(dir, 'speech16k.wav');
  fixtures.mp3 = path.join(dir, 'talk.mp3');
  fixtures.fakeMp3 = path.join(dir, 'not-really.mp3');
  fixtures.text = path.join(dir, 'notes.txt');
  const text =
    'Voice to content, simplified. This recording was made by the end to end test. ' +
    'It checks that the browser records, converts and uploads the audio.';
  execFileSync('flite', ['-voice', 'kal16', '-t', text, '-o', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', fixtures.speechWav]);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', fixtures.speechWav, '-b:a', '64k', fixtures.mp3]);
  writeFileSync(fixtures.text, 'Meeting notes, not audio.\n');
  writeFileSync(fixtures.fakeMp3, 'This is a plain text file wearing an .mp3 name.\n'.repeat(20));
});

beforeAll(async () => {
  browser = await launchBrowser({ fakeMicrophoneWav: fixtures.speechWav });
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A fresh context with a new account, on the dashboard. `allowStatus` lists expected errors. */
async function signedIn(
  name: string,
  body: (t: TrackedPage) => Promise<void>,
  options: { width?: number; allowStatus?: number[] } = {},
): Promise<void> {
  const tracked = await openPage(browser, baseUrl, {
    width: options.width ?? 1280,
    height: 900,
    allowStatus: options.allowStatus ?? [],
  });
  try {
    await withScreenshotOnFailure(tracked.page, name, async () => {
      const { page } = tracked;
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign up free' }).click();
      const signUp = authDialog(page, 'Create Account');
      await submitAuthForm(signUp, newAccount('Ada Recorder'));
      await page.waitForURL('**/features');
      if ((options.width ?? 1280) < 768)
        await page.getByRole('button', { name: 'Open control panel' }).click();
      await page.getByRole('link', { name: 'Audio Workflow' }).first().click();
      await page.waitForURL('**/home');
      await body(tracked);
    });
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
  } finally {
    await tracked.context.close();
  }
}

function elapsed(page: Page): Promise<string> {
  return page.getByTestId('recorder-elapsed').innerText();
}

/** Waits until the recorder's clock shows at least `seconds` (under a minute), as mm:ss. */
async function waitForElapsed(page: Page, seconds: number): Promise<void> {
  // A text pattern the locator waits for: the app's CSP forbids the string evaluation
  // page.waitForFunction would need.
  const tens = Math.floor(seconds / 10);
  const later = tens < 5 ? `|00:[${tens + 1}-5]\\d` : '';
  const atLeast = new RegExp(`^(?:00:${tens}[${seconds % 10}-9]${later}|(?!00:)\\d\\d:\\d\\d)$`);
  await page.getByTestId('recorder-elapsed').filter({ hasText: atLeast }).waitFor({ timeout: 20_000 });
}

/** How many recordings this browser still keeps unsent, read from IndexedDB as the app stores them. */
function keptRecordings(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const request = indexedDB.open('voxpress', 1);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('pending-recordings')) return resolve(0);
      const count = db.transaction('pending-recordings').objectStore('pending-recordings').count();
      count.onsuccess = () => { db.close(); resolve(count.result); };
      count.onerror = () => reject(count.error);
    };
  })`);
}

/** GET /api/v1/audio/{id} from inside the page with the stored token. */
function fetchAudio(page: Page, audioId: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(`(async () => {
    const res = await fetch('/api/v1/audio/${encodeURIComponent(audioId)}', {
      headers: { Authorization: 'Bearer ' + localStorage.getItem('access_token') },
    });
    return { status: res.status, body: await res.json() };
  })()`);
}

/** Drops a file on an element the way a browser does: drag events carrying a DataTransfer. */
async function dropFile(page: Page, selector: string, file: string, type: string): Promise<void> {
  const base64 = readFileSync(file).toString('base64');
  const name = JSON.stringify(path.basename(file));
  const dataTransfer = await page.evaluateHandle(`(() => {
    const bytes = Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], ${name}, { type: ${JSON.stringify(type)} }));
    return transfer;
  })()`);
  await page.locator(selector).dispatchEvent('dragenter', { dataTransfer });
  await page.locator(selector).dispatchEvent('drop', { dataTransfer });
}

describe('capture audio panel', () => {
  it('records from the microphone with a pause, uploads as WAV and starts transcription', async () => {
    await signedIn('capture-record', async ({ page }) => {
      // The page's clock runs in real time (the fake microphone does), but can be moved on.
      await page.clock.install();
      await page.reload();
      await page.getByRole('link', { name: 'Start new recording' }).click();
      await page.waitForURL('**/home/audio?mode=record');
      await page.getByRole('heading', { name: 'Capture Audio' }).waitFor();
      const picker = page.getByRole('combobox', { name: /^Transcription language/ });
      expect(await picker.getAttribute('aria-label')).toContain(
        'English (Universal – All Regions & Accents)',
      );

      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      expect(await picker.isDisabled()).toBe(true);
      await waitForElapsed(page, 2);

      await page.getByRole('button', { name: 'Pause' }).click();
      const atPause = await elapsed(page);
      // Two seconds pass while paused (every recorder tick in them runs): none of it counts.
      await page.clock.runFor(2000);
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      const seconds = (mmss: string) => Number(mmss.slice(0, 2)) * 60 + Number(mmss.slice(3));
      expect(seconds(await elapsed(page)) - seconds(atPause)).toBeLessThan(2);
      await waitForElapsed(page, 5);
      expect(await page.getByTestId('recorder-size').innerText()).toMatch(/^\d+\.\d\d MB$/);
      await page.getByRole('button', { name: 'Stop' }).click();

      await page.getByRole('button', { name: 'Use Recording' }).waitFor();
      expect(await page.locator('audio[controls]').count()).toBe(1);
      const initResponse = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/audio/upload'),
      );
      const transcribeRequest = page.waitForRequest(
        (r) => r.method() === 'POST' && /\/api\/v1\/audio\/[^/]+\/transcribe\?language=en-US$/.test(r.url()),
      );
      const started = Date.now();
      await page.getByRole('button', { name: 'Use Recording' }).click();
      await page
        .getByText('Upload complete — transcription is starting')
        .first()
        .waitFor({ timeout: 60_000 });
      console.log(`[e2e] Use Recording → upload complete in ${Date.now() - started} ms`);

      const init = (await (await initResponse).json()) as { audio_id: string };
      const initBody = (await initResponse).request().postDataJSON() as Record<string, unknown>;
      expect(initBody).toMatchObject({
        file_format: 'wav',
        language: 'en-US',
        google_language_code: 'en-US',
        use_whisper_for_english: true,
        source: 'recording',
      });
      // No stand-in title: the server names a recording after its first words once heard.
      expect(initBody.title).toBeUndefined();
      expect((await transcribeRequest).postDataJSON()).toMatchObject({
        audio_id: init.audio_id,
        expected_languages: ['en'],
        auto_detect_language: false,
        use_whisper_for_english: true,
      });

      const audio = await fetchAudio(page, init.audio_id);
      expect(audio.status).toBe(200);
      expect(audio.body.status).not.toBe('pending_upload');
      expect(audio.body.source).toBe('recording');
      expect(audio.body.file_format).toBe('wav');
      expect(Number(audio.body.duration_s)).toBeGreaterThan(4);
      // The recording's own page takes over, with a way back to record another.
      await page.waitForURL(`**/items/${init.audio_id}`);
      await page.getByRole('link', { name: 'Record another' }).waitFor();
    });
  });

  it('keeps a recording whose upload failed, offers it again after a reload, then sends it', async () => {
    await signedIn('capture-upload-fails', async ({ page, problems }) => {
      await page.goto('/home/audio?mode=record');
      await page.getByRole('button', { name: 'Start recording' }).click();
      await waitForElapsed(page, 3);
      await page.getByRole('button', { name: 'Stop' }).click();

      // The network drops while the bytes are on their way.
      await page.route('**/api/v1/storage/blobs/**', (route) => route.abort('connectionreset'));
      await page.getByRole('button', { name: 'Use Recording' }).click();
      await page
        .getByText(/the connection to the server was lost/)
        .first()
        .waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Retry' }).waitFor();

      await page.reload();
      const unsent = page.getByRole('alert').filter({ hasText: 'Unsent recording' });
      await unsent.waitFor();
      await page.unroute('**/api/v1/storage/blobs/**');
      await unsent.getByRole('button', { name: 'Upload now' }).click();
      await page
        .getByText('Upload complete — transcription is starting')
        .first()
        .waitFor({ timeout: 60_000 });
      await page.waitForURL(/\/items\/[0-9a-f-]{36}$/);

      // Back on the capture page, the recording that was sent is no longer offered.
      await page.goto('/home/audio?mode=record');
      await page.getByRole('heading', { name: 'Capture Audio' }).waitFor();
      await expect.poll(() => keptRecordings(page), { timeout: 10_000 }).toBe(0);
      expect(await page.getByText('Unsent recording').count()).toBe(0);
      // The dropped upload was the point of this test; anything else failing was not.
      const dropped = problems.failedRequests.filter((r) => r.includes('/api/v1/storage/blobs/'));
      expect(dropped.length).toBeGreaterThan(0);
      problems.failedRequests = problems.failedRequests.filter((r) => !dropped.includes(r));
    });
  });

  it('uploads a dropped MP3 and shows what the server stored', async () => {
    await signedIn('capture-upload', async ({ page }) => {
      await page.getByRole('link', { name: 'Import file' }).click();
      await page.waitForURL('**/home/audio?mode=upload');
      await page.getByLabel('Title').fill('E2E talk');
      await page.getByLabel('Description').fill('  Dropped by the end-to-end test  ');
      await dropFile(
        page,
        '[aria-label="Choose an audio file, or drop one here"]',
        fixtures.mp3,
        'audio/mpeg',
      );

      // The upload's own page takes over: what the server stored, then its transcript.
      await page.waitForURL(/\/items\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      const notice = page.getByTestId('captured-notice');
      await notice.getByText('Upload Successful!').waitFor();
      const sizeMb = (statSync(fixtures.mp3).size / (1024 * 1024)).toFixed(2);
      expect(await notice.innerText()).toContain(`talk.mp3 · ${sizeMb} MB`);
      expect(await page.getByTestId('item-title').innerText()).toBe('E2E talk');
      await page.getByText('Dropped by the end-to-end test', { exact: true }).waitFor();
      const facts = await page.getByTestId('item-facts').innerText();
      const seconds = Math.floor(Number(execFileSync('soxi', ['-D', fixtures.speechWav]).toString()));
      const shown = /00:(\d\d) ·/.exec(facts)?.[1];
      expect(Math.abs(Number(shown) - seconds)).toBeLessThanOrEqual(1);
      await page
        .getByText('Processing your audio... This may take a minute.')
        .or(page.getByTestId('transcript-text'))
        .first()
        .waitFor();
    });
  });

  it("shows the server's message in 'Upload Failed' for a text file named .mp3", async () => {
    await signedIn(
      'capture-fake-mp3',
      async ({ page }) => {
        await page.goto('/home/audio?mode=upload');
        await page.locator('input[type="file"][accept*="audio/"]').setInputFiles(fixtures.fakeMp3);
        const failed = page.getByRole('alert').filter({ hasText: 'Upload Failed' });
        await failed.waitFor({ timeout: 30_000 });
        const message = (await page.getByTestId('upload-error-message').innerText()).trim();
        // The server looked at the bytes, not the name, and said so in the spec's words.
        expect(message).toBe('Please upload a valid audio file (MP3, WAV, M4A, or OGG).');
        expect(await failed.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
      },
      { allowStatus: [400, 415, 422] },
    );
  });

  it('refuses a .txt file in the browser with the type message', async () => {
    await signedIn(
      'capture-txt',
      async ({ page }) => {
        let uploads = 0;
        page.on('request', (r) => {
          if (r.url().includes('/files/upload/audio')) uploads += 1;
        });
        await page.goto('/home/audio?mode=upload');
        await page.locator('input[type="file"][accept*="audio/"]').setInputFiles(fixtures.text);
        const alert = page.getByRole('alert');
        await alert.getByText('Please upload a valid audio file (MP3, WAV, M4A, or OGG).').waitFor();
        expect(await alert.innerText()).toContain('notes.txt: File type must be');
        expect(uploads).toBe(0);
      },
      { width: 390 },
    );
  });
});
