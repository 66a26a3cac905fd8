import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, serverArgs, waitForHealth } from '@voxpress/test-kit/server-process';
import { resetTokenIn, TestSmtpServer } from '@voxpress/test-kit/smtp-server';
import { makeAudioFile } from '@voxpress/test-kit/speech-fixtures';
import { readZip } from '@voxpress/test-kit/zip';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountButton, authDialog, submitAuthForm } from './lib/auth-steps.ts';
import { launchBrowser, openPage, type TrackedPage, withScreenshotOnFailure } from './lib/browser.ts';

// This suite runs its own server (the shared one has no mail server): the same build, a fresh data
// folder, and SMTP_URL pointing at a local SMTP server that keeps every mail.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'purple elephant umbrella';

let browser: Browser;
let smtp: TestSmtpServer;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
let fixtures: string;

async function api(pathname: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return fetch(`${baseUrl}/api/v1${pathname}`, { ...init, headers });
}

async function register(email: string, fullName: string): Promise<string> {
  const res = await api('/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, full_name: fullName }),
  });
  if (res.status !== 201) throw new Error(`register ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'voxpress-e2e-account-'));
  fixtures = mkdtempSync(path.join(tmpdir(), 'voxpress-e2e-account-fixtures-'));
  server = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      VOXPRESS_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      VOXPRESS_SECRET: randomBytes(36).toString('base64url'),
      NODE_ENV: 'production',
      WEB_DIST_DIR: path.join(root, 'node_modules', '.cache', 'voxpress-e2e-web'),
      WHISPER_AUTO_DOWNLOAD: 'false',
      // Uploads are not transcribed here: the audio only has to reach the export.
      SPEECH_ENGINES: 'openai',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Voxpress <no-reply@voxpress.test>',
      // Many sign-ins from one address within a minute: the suite, not an attacker.
      AUTH_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, { child: server });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(fixtures, { recursive: true, force: true });
});

async function inPage(
  name: string,
  body: (t: TrackedPage) => Promise<void>,
  size: { width: number; height: number } = { width: 1440, height: 900 },
): Promise<void> {
  const tracked = await openPage(browser, baseUrl, { ...size, allowStatus: [401, 403, 410] });
  try {
    await withScreenshotOnFailure(tracked.page, name, () => body(tracked));
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
  } finally {
    await tracked.context.close();
  }
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = authDialog(page, 'Sign In');
  await dialog.waitFor();
  await submitAuthForm(dialog, { email, password });
}

describe('accounts in the browser', () => {
  const admin = { email: 'admin@voxpress.test', name: 'Ada Admin' };
  const user = { email: 'grace@voxpress.test', name: 'Grace Hopper' };

  beforeAll(async () => {
    await register(admin.email, admin.name);
    const token = await register(user.email, user.name);
    const wav = readFileSync(await makeAudioFile('My tomatoes grew well this summer.', 'wav', fixtures));
    const form = new FormData();
    form.append('title', 'Garden diary');
    form.append('file', new Blob([wav], { type: 'audio/wav' }), 'garden.wav');
    const upload = await api('/files/upload/audio', { method: 'POST', token, body: form });
    expect(upload.status).toBe(201);
  });

  it('a deep link asks for sign-in and lands on the page asked for', async () => {
    await inPage('account-deep-link', async ({ page }) => {
      await page.goto('/settings/account');
      await signIn(page, user.email, PASSWORD);
      await page.waitForURL('**/settings/account');
      await page.getByRole('heading', { level: 2, name: 'Profile' }).waitFor();
    });
  });

  it('a forgotten password is reset from an emailed link, then the new one signs in', async () => {
    await inPage('account-reset', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      const dialog = authDialog(page, 'Sign In');
      await dialog.waitFor();
      // The first field has the focus.
      await expect
        .poll(() => page.evaluate("document.activeElement && document.activeElement.getAttribute('name')"))
        .toBe('email');
      await dialog.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Reset your password' });
      await forgot.locator('input[name="email"]').fill(user.email);
      const before = smtp.mails.length;
      await forgot.getByRole('button', { name: 'Send the link' }).click();
      await forgot.getByText('Check your email').waitFor();
      const token = resetTokenIn(await smtp.mailTo(user.email, before));

      await page.goto(`/reset-password#token=${token}`);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      expect(new URL(page.url()).hash).toBe('');
      await page.locator('input[name="new_password"]').fill(NEW_PASSWORD);
      await page.locator('input[name="new_password_again"]').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByText('Your password was changed. Sign in with it now.').waitFor();
      await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
      await signIn(page, user.email, NEW_PASSWORD);
      await page.waitForURL('**/home');

      // The link was spent.
      await page.goto(`/reset-password#token=${token}`);
      await page.locator('input[name="new_password"]').fill('another lovely phrase');
      await page.locator('input[name="new_password_again"]').fill('another lovely phrase');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByText('This password reset link was already used.', { exact: false }).waitFor();
    });
  });

  it('changes name and picture, downloads all data, and deletes the account', async () => {
    await inPage(
      'account-profile',
      async ({ page }) => {
        await page.goto('/settings/account');
        await signIn(page, user.email, NEW_PASSWORD);
        await page.waitForURL('**/settings/account');

        const name = page.locator('input[name="full_name"]');
        await name.fill('Grace Brewster Hopper');
        await page.getByRole('button', { name: 'Save name' }).click();
        await page.getByText('Saved.').first().waitFor();
        await accountButton(page).click();
        expect(await page.getByRole('menu').textContent()).toContain('Grace Brewster Hopper');
        await page.keyboard.press('Escape');

        const png = await sharp({
          create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 120 } },
        })
          .png()
          .toBuffer();
        await page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
        const picture = page.getByRole('img', { name: 'Your profile picture' });
        await page.locator('img[src*="/api/v1/avatars/"]').first().waitFor();
        const src = (await picture.getAttribute('src')) ?? '';
        expect(src).toMatch(/\/api\/v1\/avatars\/.+\.webp$/);
        const served = await sharp(
          Buffer.from(await (await fetch(`${baseUrl}${src}`)).arrayBuffer()),
        ).metadata();
        expect([served.format, served.width, served.height]).toEqual(['webp', 256, 256]);

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download all my data' }).click();
        const file = await (await download).path();
        const entries = await readZip(readFileSync(file));
        const audio = [...entries.keys()].filter((k) => k.startsWith('voxpress-data/audio/'));
        expect(audio).toEqual(['voxpress-data/audio/Garden-diary.wav']);
        expect(entries.get('voxpress-data/audio/Garden-diary.wav')?.subarray(0, 4).toString()).toBe('RIFF');

        await page.getByRole('button', { name: 'Delete my account' }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
        await confirm.locator('input[name="confirm_email"]').fill(user.email);
        await confirm.locator('input[name="current_password"]').fill(NEW_PASSWORD);
        await confirm.getByRole('button', { name: 'Delete everything' }).click();
        await page.waitForURL(`${baseUrl}/`);
        expect(await page.evaluate("localStorage.getItem('access_token')")).toBeNull();
        // A fresh page, without the notice of the deletion over the header.
        await page.goto('/');

        await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
        await signIn(page, user.email, NEW_PASSWORD);
        await authDialog(page, 'Sign In').getByTestId('auth-error').waitFor();
      },
      { width: 1440, height: 900 },
    );
  });

  it('shows every settings view at 390 and 1440 px, light and dark', async () => {
    for (const width of [390, 1440]) {
      for (const scheme of ['light', 'dark'] as const) {
        await inPage(
          `settings-${width}-${scheme}`,
          async ({ page }) => {
            // Signed in through the API: this is about the settings, not the sign-in.
            const pair = (await (
              await api('/auth/login', {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: new URLSearchParams({ username: admin.email, password: PASSWORD }).toString(),
              })
            ).json()) as { access_token: string; refresh_token: string };
            await page.goto('/about');
            await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
            await page.evaluate(
              `localStorage.setItem('voxpress-color-scheme', '${scheme}');` +
                `localStorage.setItem('access_token', '${pair.access_token}');` +
                `localStorage.setItem('refresh_token', '${pair.refresh_token}');`,
            );
            for (const view of ['preferences', 'account', 'admin']) {
              await page.goto(`/settings/${view}`);
              await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
              if (view === 'admin' && width === 1440 && scheme === 'light') {
                // No internet here: a model download fails at once, saying why, followed live.
                const tiny = page.getByRole('row').filter({ hasText: 'tiny' }).first();
                await tiny.getByRole('button', { name: 'Download' }).click();
                await tiny.getByText(/Could not download whisper model tiny/).waitFor({ timeout: 60_000 });
              }
            }
          },
          { width, height: width === 390 ? 844 : 900 },
        );
      }
    }
  });
});
