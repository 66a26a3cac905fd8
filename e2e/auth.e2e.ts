import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountButton, authDialog, newAccount, readTokens, submitAuthForm } from './lib/auth-steps.ts';
import { launchBrowser, openPage, type TrackedPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Runs a test in a fresh browser context; 401 and 422 answers are expected in these flows. */
async function inPage(name: string, body: (t: TrackedPage) => Promise<void>, width = 1280): Promise<void> {
  const tracked = await openPage(browser, baseUrl, { width, allowStatus: [401, 422] });
  try {
    await withScreenshotOnFailure(tracked.page, name, () => body(tracked));
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
  } finally {
    await tracked.context.close();
  }
}

describe('accounts and sessions', () => {
  it('creates an account, signs out, signs in, and keeps the session over a reload', async () => {
    const account = newAccount();
    await inPage('auth-lifecycle', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign up free' }).click();
      const signUp = authDialog(page, 'Create Account');
      await signUp.waitFor();
      await submitAuthForm(signUp, account);
      await page.waitForURL('**/features');
      await signUp.waitFor({ state: 'detached' });
      expect((await readTokens(page)).access).toBeTruthy();

      await accountButton(page).click();
      const menu = page.getByRole('menu');
      expect(await menu.textContent()).toContain(account.fullName);
      expect(await menu.textContent()).toContain(account.email);
      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL(`${baseUrl}/`);
      expect(await readTokens(page)).toEqual({ access: null, refresh: null });

      await accountButton(page).click();
      await page.getByRole('menuitem', { name: 'Sign In / Sign Up' }).click();
      const signIn = authDialog(page, 'Sign In');
      await signIn.waitFor();
      await submitAuthForm(signIn, { email: account.email, password: account.password });
      // A returning account lands on its dashboard; a new one on the features page.
      await page.waitForURL('**/home');

      await page.goto('/');
      await page.waitForURL('**/home');
      await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
      expect(page.url()).toBe(`${baseUrl}/home`);
    });
  });

  it('renews an expired access token without the user noticing', async () => {
    const account = newAccount('Grace Hopper');
    await inPage('auth-refresh', async ({ page }) => {
      await page.goto('/login');
      const signIn = authDialog(page, 'Sign In');
      await signIn.waitFor();
      await signIn.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      const signUp = authDialog(page, 'Create Account');
      await submitAuthForm(signUp, account);
      await page.waitForURL('**/features');
      const before = await readTokens(page);

      // A well-formed but expired and wrongly signed JWT.
      const expired =
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4IiwiZXhwIjoxMDAwMDAwMDAwfQ.c2lnbmF0dXJlLWlzLWJvZ3Vz';
      await page.evaluate(`localStorage.setItem('access_token', '${expired}')`);
      await page.goto('/settings/account');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(await page.getByText(account.email).first().isVisible()).toBe(true);

      const after = await readTokens(page);
      expect(after.access).toBeTruthy();
      expect(after.access).not.toBe(expired);
      expect(after.refresh).toBeTruthy();
      expect(after.refresh).not.toBe(before.refresh);
    });
  });

  it('sends a signed-out visitor of a guarded view to the landing page with the sign-in modal', async () => {
    await inPage('auth-guard', async ({ page }) => {
      for (const path of ['/settings', '/gallery', '/home']) {
        await page.goto(path);
        await authDialog(page, 'Sign In').waitFor();
        expect(page.url()).toBe(`${baseUrl}/`);
      }
    });
  });

  it('shows the password rule, a too-short password as one plain sentence, and a clear wrong-password error', async () => {
    const account = newAccount('Katherine Johnson');
    await inPage('auth-errors', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign up free' }).click();
      const signUp = authDialog(page, 'Create Account');
      expect(
        await signUp.getByText(/At least 8 characters, and not a common or leaked password/).count(),
      ).toBe(1);
      await submitAuthForm(signUp, { ...account, password: 'short' });
      const error = signUp.getByTestId('auth-error');
      await error.waitFor();
      expect(await error.textContent()).toBe('Password must be at least 8 characters');
      expect(await signUp.locator('form button[type="submit"]').textContent()).toBe('Create Account');

      await submitAuthForm(signUp, account);
      await page.waitForURL('**/features');
      await accountButton(page).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.waitForURL(`${baseUrl}/`);

      await page.goto('/login');
      const signIn = authDialog(page, 'Sign In');
      await submitAuthForm(signIn, { email: account.email, password: 'not the password' });
      const wrong = signIn.getByTestId('auth-error');
      await wrong.waitFor();
      const text = (await wrong.textContent()) ?? '';
      expect(text.length).toBeGreaterThan(5);
      expect(text).not.toContain('Authentication failed');
      expect(text.toLowerCase()).toMatch(/password|credentials/);
      expect(page.url()).toBe(`${baseUrl}/login`);
    });
  });
});
