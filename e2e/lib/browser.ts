import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts');

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface LaunchOptions {
  /** Absolute path of a WAV file the fake microphone plays (looped). */
  fakeMicrophoneWav?: string;
}

/** Debian's Chromium through playwright-core, optionally with a fake microphone. */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const args = [...BASE_ARGS];
  if (options.fakeMicrophoneWav) {
    args.push(
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${options.fakeMicrophoneWav}`,
    );
  }
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
}

/** What went wrong in the page while a test ran. */
export interface PageProblems {
  consoleErrors: string[];
  failedRequests: string[];
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/**
 * A fresh context (own local storage) and page that records console errors, uncaught exceptions,
 * failed requests and HTTP errors. Statuses in `allowStatus` (e.g. an expected 401) are not problems.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: {
    width?: number;
    height?: number;
    allowStatus?: number[];
    locale?: string;
    /** 'block' keeps the app's service worker out, so `page.route` sees every request. */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<TrackedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
    // The browser's language decides the interface language on a first visit.
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  const allowed = new Set(options.allowStatus ?? []);
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // The browser logs every non-OK response; those are checked (and allowed) below.
    if (msg.text().startsWith('Failed to load resource')) return;
    problems.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => problems.consoleErrors.push(`uncaught: ${err.message}`));
  page.on('requestfailed', (req) => {
    // Requests cut short by a navigation are not failures.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.failedRequests.push(`${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !allowed.has(res.status())) {
      problems.failedRequests.push(`${res.request().method()} ${res.url()} → ${res.status()}`);
    }
  });
  return { context, page, problems };
}

/** Saves a full-page screenshot under e2e/.artifacts/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs a test body; on failure a screenshot is saved before the error is passed on. */
export async function withScreenshotOnFailure<T>(
  page: Page,
  name: string,
  body: () => Promise<T>,
): Promise<T> {
  try {
    return await body();
  } catch (err) {
    const file = await screenshot(page, `failure-${name}`).catch(() => null);
    if (file) console.error(`[e2e] screenshot saved: ${file}`);
    throw err;
  }
}
