// The installable offline app: the service worker opens the app shell and pages already seen
// without a connection, with an offline banner; a recording made offline waits on the device,
// survives a reload, and is uploaded once the connection returns.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'voxpress-offline-'));
  const raw = path.join(dir, 'raw.wav');
  const speech = path.join(dir, 'speech16k.wav');
  execFileSync('flite', ['-voice', 'kal16', '-t', 'Recorded on a train without any signal.', '-o', raw]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', speech]);
  browser = await launchBrowser({ fakeMicrophoneWav: speech });
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** How many recordings this browser keeps for upload (the app's IndexedDB store of them). */
function keptRecordings(page: Page): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('voxpress');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const count = db.transaction('pending-recordings').objectStore('pending-recordings').count();
      count.onsuccess = () => { db.close(); resolve(count.result); };
      count.onerror = () => { db.close(); reject(count.error); };
    };
  })`) as Promise<number>;
}

/** Waits until the service worker controls the page, so what follows goes through it. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) {
    if (Date.now() > deadline) throw new Error('No service worker took control of the page');
    await page.waitForTimeout(200);
  }
}

/** The recorder's clock, polled (the app's CSP forbids the string evaluation waitForFunction needs). */
async function recordFor(page: Page, seconds: number): Promise<void> {
  await page.getByRole('button', { name: 'Start recording' }).click();
  const target = `00:${String(seconds).padStart(2, '0')}`;
  const deadline = Date.now() + 20_000;
  while ((await page.getByTestId('recorder-elapsed').innerText()) < target) {
    if (Date.now() > deadline) throw new Error(`The recorder clock did not reach ${target}`);
    await page.waitForTimeout(100);
  }
  await page.getByRole('button', { name: 'Stop' }).click();
}

describe('offline', () => {
  it('opens the app shell and the pages already visited from the service worker, with a banner', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    try {
      await withScreenshotOnFailure(page, 'offline-shell', async () => {
        await page.goto('/');
        await signUpThroughApi(page, 'Ada Offline');
        await page.goto('/home');
        await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
        await controlledByServiceWorker(page);
        await page.goto('/help');
        await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
        expect(await page.evaluate("document.querySelector('link[rel=manifest]').href")).toMatch(
          /\/manifest\.webmanifest$/,
        );

        await context.setOffline(true);
        for (const [url, heading] of [
          ['/home', 'Welcome, Ada'],
          ['/help', 'Help'],
          // Never opened, yet its code came with the app shell.
          ['/features', 'Features'],
        ] as const) {
          const response = await page.goto(url);
          expect(response?.fromServiceWorker(), url).toBe(true);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          const banner = page.getByTestId('connection-status');
          expect(await banner.getAttribute('aria-live')).toBe('polite');
          await banner.getByText('You are offline').waitFor();
        }
        // The dashboard's figures are the last ones this account saw.
        await page.goto('/home');
        await page.getByText('Total recordings').waitFor();

        await context.setOffline(false);
        await page.getByTestId('connection-status').getByText('You are back online.').waitFor();
      });
      // Requests refused while offline are the point of the test.
      expect(problems.consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a recording made offline on the device, over a reload, and uploads it when the connection returns', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl, { width: 1440, height: 900 });
    try {
      await withScreenshotOnFailure(page, 'offline-recording', async () => {
        await page.goto('/');
        await signUpThroughApi(page, 'Ada Traveller');
        await page.goto('/home/audio?mode=record');
        await page.getByRole('heading', { name: 'Capture Audio' }).waitFor();
        await controlledByServiceWorker(page);

        await context.setOffline(true);
        await recordFor(page, 3);
        await page.getByRole('button', { name: 'Use Recording' }).click();
        await page.getByTestId('recording-queued').waitFor();
        const waiting = page.locator('[data-testid=pending-recordings] [data-state=waiting]');
        await waiting.getByText('Waiting for a connection').waitFor();

        // Still offline, the page comes back from the service worker and the recording with it.
        await page.reload();
        await waiting.getByText('Waiting for a connection').waitFor();
        await page.getByTestId('connection-status').getByText('1 recording is waiting to be sent.').waitFor();

        await context.setOffline(false);
        const sent = page.locator('[data-testid=pending-recordings] [data-state=sent]');
        await sent.getByText('Recording sent').waitFor({ timeout: 60_000 });
        expect(await waiting.count()).toBe(0);

        // The server has it, as a recording, and its page opens from the link.
        const list = (await page.evaluate(`(async () => {
          const res = await fetch('/api/v1/audio', {
            headers: { Authorization: 'Bearer ' + localStorage.getItem('access_token') },
          });
          return res.json();
        })()`)) as { total: number; items: Array<{ audio_id: string; source: string; file_format: string }> };
        expect(list.total).toBe(1);
        expect(list.items[0]).toMatchObject({ source: 'recording', file_format: 'wav' });
        await sent.getByRole('link', { name: 'Open it' }).click();
        await page.waitForURL(`**/items/${list.items[0]?.audio_id}`);

        // Nothing is left on the device to send twice: the kept copy goes once the server has it,
        // and the page, which lists what is kept, then offers nothing.
        await expect.poll(() => keptRecordings(page), { timeout: 10_000 }).toBe(0);
        await page.goto('/home/audio?mode=record');
        await page.getByRole('heading', { name: 'Capture Audio' }).waitFor();
        expect(await page.locator('[data-testid=pending-recordings] [data-state=waiting]').count()).toBe(0);
        expect(await page.getByText('Unsent recording').count()).toBe(0);
      });
      expect(problems.consoleErrors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
