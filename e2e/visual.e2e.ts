// Walks through the main views at phone and desktop sizes, checks the theme and panel behaviour,
// and keeps screenshots under e2e/.artifacts/ for a human look. Every route at both sizes is
// compared with its committed reference (e2e/visual-references/), so a visual regression fails.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountButton, authDialog, newAccount, signUpThroughApi, submitAuthForm } from './lib/auth-steps.ts';
import { ARTIFACTS_DIR, launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';
import { openRoute, PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './lib/routes.ts';
import { visualChange } from './lib/visual.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(250); // let transitions settle
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage });
}

function colorScheme(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("document.documentElement.getAttribute('data-mantine-color-scheme')");
}

describe('views at phone and desktop sizes', () => {
  it('desktop: landing, sign-in modal, control panel, dark theme, signed-in dashboard', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl, { width: 1280, height: 800 });
    try {
      await withScreenshotOnFailure(page, 'visual-desktop', async () => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'desktop-landing');
        await shot(page, 'desktop-landing-full', true);

        await page.getByRole('button', { name: 'Sign up free' }).click();
        await authDialog(page, 'Create Account').waitFor();
        await shot(page, 'desktop-modal-create-account');
        await page.keyboard.press('Escape');
        await authDialog(page, 'Create Account').waitFor({ state: 'detached' });

        expect(await colorScheme(page)).toBe('light');
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        expect(await colorScheme(page)).toBe('dark');
        await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await colorScheme(page)).toBe('dark');
        await shot(page, 'desktop-landing-dark');

        await page.getByRole('button', { name: 'Sign up free' }).click();
        const signUp = authDialog(page, 'Create Account');
        await submitAuthForm(signUp, newAccount('Maximilian Alexander'));
        await page.waitForURL('**/features');
        await page.getByRole('button', { name: 'Expand control panel' }).first().click();
        await accountButton(page).click();
        await shot(page, 'desktop-features-dark-user-menu');
        await page.keyboard.press('Escape');
        await page.getByRole('link', { name: 'Audio Workflow' }).click();
        await page.waitForURL('**/home');
        await page.getByRole('heading', { level: 1, name: 'Welcome, Maximilian' }).waitFor();
        await page.getByRole('button', { name: 'Switch to light theme' }).click();
        await shot(page, 'desktop-home');
        expect(problems.consoleErrors).toEqual([]);
      });
    } finally {
      await context.close();
    }
  });

  it('phone: landing, control panel drawer closes on outside click, modal', async () => {
    const { page, context, problems } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    try {
      await withScreenshotOnFailure(page, 'visual-phone', async () => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await shot(page, 'phone-landing');
        await shot(page, 'phone-landing-full', true);

        await page.getByRole('button', { name: 'Open control panel' }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await drawer.waitFor();
        expect(await drawer.getByRole('link', { name: 'Features' }).isVisible()).toBe(true);
        expect(await drawer.getByRole('link', { name: 'Settings' }).count()).toBe(0);
        await shot(page, 'phone-control-panel');
        await page.mouse.click(370, 600);
        await drawer.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Open control panel' }).click();
        await drawer.getByRole('link', { name: 'Help' }).click();
        await page.waitForURL('**/help');
        await drawer.waitFor({ state: 'detached' });
        await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
        await page.getByText('Sign in to see which engines this server runs.').waitFor();
        await shot(page, 'phone-help', true);

        await page.goto('/login');
        await authDialog(page, 'Sign In').waitFor();
        await shot(page, 'phone-modal-sign-in');
        expect(problems.consoleErrors).toEqual([]);
      });
    } finally {
      await context.close();
    }
  });
});

/** A file name for a route: "/" is the landing page, "/home/audio" is home-audio. */
const pageName = (path: string) => (path === '/' ? 'landing' : path.slice(1).replaceAll('/', '-'));

describe.each([
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1440, height: 900 },
])('every route at $width px looks as it did ($label)', ({ label, width, height }) => {
  it('signed out and signed in', async () => {
    const { page, context } = await openPage(browser, baseUrl, { width, height });
    try {
      const changes: string[] = [];
      const look = async (name: string) => {
        const change = await visualChange(page, `${label}-${name}`);
        if (change) changes.push(change);
      };
      for (const route of PUBLIC_ROUTES) {
        await openRoute(page, route);
        await look(`public-${pageName(route.path)}`);
      }
      await signUpThroughApi(page, 'Ada Lovelace');
      for (const route of SIGNED_IN_ROUTES) {
        await openRoute(page, route);
        await look(`signed-in-${pageName(route.path)}`);
      }
      expect(changes).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
