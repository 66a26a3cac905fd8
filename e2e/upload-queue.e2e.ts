// Several files at once: three files dropped together on the upload tab, one of them text wearing
// an .mp3 name. Each gets its own row; the server refuses the fake by its bytes in words, the two
// real ones (flite speech made at test time) are uploaded two at a time and transcribed, and the
// rows are still there after a reload.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authDialog, newAccount, submitAuthForm } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let dir: string;
const files = { first: '', second: '', fake: '' };

function speech(text: string, out: string, voice: string): void {
  const raw = path.join(dir, `${voice}-raw.wav`);
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', raw, '-ar', '16000', '-ac', '1', out]);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-upload-queue-'));
  files.first = path.join(dir, 'garden-notes.mp3');
  files.second = path.join(dir, 'kitchen-plans.wav');
  files.fake = path.join(dir, 'not-audio.mp3');
  speech('The tomatoes in the garden need water every morning before work.', files.first, 'kal16');
  speech('We will paint the kitchen walls yellow next summer.', files.second, 'kal16');
  writeFileSync(files.fake, 'This is a plain text file wearing an .mp3 name.\n'.repeat(20));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Drops several files at once, as a browser does: drag events carrying one DataTransfer. */
async function dropFiles(page: Page, selector: string, list: Array<{ file: string; type: string }>) {
  const encoded = list.map(({ file, type }) => ({
    name: path.basename(file),
    type,
    base64: readFileSync(file).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const f of ${JSON.stringify(encoded)}) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return transfer;
  })()`);
  await page.locator(selector).dispatchEvent('dragenter', { dataTransfer });
  await page.locator(selector).dispatchEvent('drop', { dataTransfer });
}

const row = (page: Page, name: string) => page.getByTestId('upload-queue').getByRole('listitem', { name });

describe('several files at once', () => {
  it('uploads three dropped files in their own rows: the refused one says why, the other two are transcribed', async () => {
    const tracked = await openPage(browser, baseUrl, { width: 1280, height: 900, allowStatus: [415] });
    try {
      await withScreenshotOnFailure(tracked.page, 'upload-queue', async () => {
        const { page } = tracked;
        await page.goto('/');
        await page.getByRole('button', { name: 'Sign up free' }).click();
        await submitAuthForm(authDialog(page, 'Create Account'), newAccount('Uma Uploader'));
        await page.waitForURL('**/features');
        await page.goto('/home/audio?mode=upload');

        let inFlight = 0;
        let mostAtOnce = 0;
        page.on('request', (r) => {
          if (!r.url().includes('/files/upload/audio')) return;
          inFlight += 1;
          mostAtOnce = Math.max(mostAtOnce, inFlight);
        });
        page.on('requestfinished', (r) => {
          if (r.url().includes('/files/upload/audio')) inFlight -= 1;
        });
        await dropFiles(page, '[aria-label="Choose an audio file, or drop one here"]', [
          { file: files.first, type: 'audio/mpeg' },
          { file: files.fake, type: 'audio/mpeg' },
          { file: files.second, type: 'audio/wav' },
        ]);

        const fake = row(page, 'not-audio.mp3');
        await fake.getByTestId('upload-queue-error').waitFor({ timeout: 60_000 });
        expect((await fake.getByTestId('upload-queue-error').innerText()).trim()).toBe(
          'Please upload a valid audio file (MP3, WAV, M4A, or OGG).',
        );
        expect(await fake.getByRole('button', { name: 'Try not-audio.mp3 again' }).isVisible()).toBe(true);
        for (const name of ['garden-notes.mp3', 'kitchen-plans.wav']) {
          await row(page, name).getByText('Uploaded — transcription started').waitFor({ timeout: 60_000 });
          // Its language and size under its name.
          await row(page, name)
            .getByText(/^English \(Universal – All Regions & Accents\) · [\d.]+ kB$/)
            .waitFor();
        }
        await page.getByTestId('upload-queue').getByRole('status').getByText('2 of 3 uploaded').waitFor();
        // The page stayed on the queue: nothing navigated away while the files went up.
        expect(page.url()).toContain('/home/audio?mode=upload');
        expect(mostAtOnce).toBeGreaterThanOrEqual(1);
        expect(mostAtOnce).toBeLessThanOrEqual(2);

        // A reload keeps the rows, their results and the refused file's reason.
        await page.reload();
        await row(page, 'kitchen-plans.wav').getByText('Uploaded — transcription started').waitFor();
        await row(page, 'not-audio.mp3').getByTestId('upload-queue-error').waitFor();

        const expected: Record<string, string[]> = {
          'garden-notes.mp3': ['tomatoes', 'garden', 'water'],
          'kitchen-plans.wav': ['paint', 'yellow', 'summer'],
        };
        for (const [name, words] of Object.entries(expected)) {
          await page.goto('/home/audio?mode=upload');
          await row(page, name)
            .getByRole('link', { name: `Open ${name}` })
            .click();
          await page.waitForURL(/\/items\/[0-9a-f-]{36}$/);
          // Named after its file, as nothing else was given.
          expect(await page.getByTestId('item-title').innerText()).toMatch(
            name.replace(/\.\w+$/, '').split('-')[0] ?? '',
          );
          const text = page.getByTestId('transcript-text');
          await text.waitFor({ timeout: 120_000 });
          const heard = (await text.innerText()).toLowerCase();
          console.log(`[e2e] ${name} → ${heard}`);
          for (const word of words) expect(heard).toContain(word);
        }
      });
      expect(tracked.problems.consoleErrors).toEqual([]);
      expect(tracked.problems.failedRequests).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });

  it('takes a file shared from the phone: the manifest offers the share target, the service worker hands the file to the upload tab', async () => {
    const tracked = await openPage(browser, baseUrl, { width: 390, height: 844 });
    try {
      await withScreenshotOnFailure(tracked.page, 'share-target', async () => {
        const { page } = tracked;
        await page.goto('/');
        const manifest = (await page.evaluate(
          `fetch(document.querySelector('link[rel="manifest"]').href).then((r) => r.json())`,
        )) as {
          share_target?: {
            action: string;
            method: string;
            enctype: string;
            params: { files: Array<{ name: string; accept: string[] }> };
          };
        };
        expect(manifest.share_target).toMatchObject({
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'media', accept: expect.arrayContaining(['audio/*', 'video/*']) }] },
        });

        await page.getByRole('button', { name: 'Sign up free' }).click();
        await submitAuthForm(authDialog(page, 'Create Account'), newAccount('Sam Sharer'));
        await page.waitForURL('**/features');
        const deadline = Date.now() + 30_000;
        while (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) {
          if (Date.now() > deadline) throw new Error('No service worker took control of the page');
          await page.waitForTimeout(200);
        }

        // What the phone's share sheet sends: a multipart POST to the share target's action.
        const base64 = readFileSync(files.first).toString('base64');
        const landed = (await page.evaluate(`(async () => {
          const bytes = Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0));
          const form = new FormData();
          form.append('title', 'Voice memo');
          form.append('media', new File([bytes], 'voice-memo.mp3', { type: 'audio/mpeg' }));
          const res = await fetch('/share-target', { method: 'POST', body: form });
          return { url: res.url, redirected: res.redirected };
        })()`)) as { url: string; redirected: boolean };
        expect(landed.redirected).toBe(true);
        expect(new URL(landed.url).pathname + new URL(landed.url).search).toBe(
          '/home/audio?mode=upload&shared=1',
        );

        await page.goto('/home/audio?mode=upload&shared=1');
        await row(page, 'voice-memo.mp3')
          .getByText('Uploaded — transcription started')
          .waitFor({ timeout: 60_000 });
        await page.evaluate(`localStorage.setItem('voxpress-color-scheme', 'dark')`);
        // Taken once: a second visit does not send it again.
        await page.reload();
        await row(page, 'voice-memo.mp3').waitFor();
        expect(await page.getByTestId('upload-queue').getByRole('listitem').count()).toBe(1);
      });
      expect(tracked.problems.consoleErrors).toEqual([]);
      expect(tracked.problems.failedRequests).toEqual([]);
    } finally {
      await tracked.context.close();
    }
  });
});
