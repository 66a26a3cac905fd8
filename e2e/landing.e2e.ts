import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each([
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
])('landing page at $width px ($label)', ({ label, width, height }) => {
  it('shows the header, the hero and no errors', async () => {
    const { page, problems, context } = await openPage(browser, baseUrl, { width, height });
    try {
      await withScreenshotOnFailure(page, `landing-${label}`, async () => {
        await page.goto('/');
        await expect(page.title()).resolves.toBe('Voxpress — Voice to Content, Simplified');

        const header = page.locator('header');
        await header.getByTestId('brand-name').waitFor();
        expect(await header.getByTestId('brand-name').textContent()).toBe('Voxpress');
        expect(await header.getByTestId('tagline').textContent()).toBe('Voice to Content, Simplified');
        expect(await header.getByTestId('tagline').isVisible()).toBe(true);
        expect(await header.getByRole('button', { name: 'Home' }).isVisible()).toBe(true);

        const hero = page.getByRole('heading', { level: 1 });
        expect(await hero.textContent()).toContain('Speak your ideas');
        expect(await page.getByRole('button', { name: 'Sign up free' }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'See how it works' }).isVisible()).toBe(true);

        for (const section of ['How it works', 'What you get', 'Who it is for', 'Why choose Voxpress']) {
          expect(await page.getByRole('heading', { level: 2, name: section }).count()).toBe(1);
        }
        expect(await page.locator('#features article').count()).toBe(8);
        expect(await page.locator('#audiences article').count()).toBe(6);

        // Nothing scrolls sideways on a phone.
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - window.innerWidth',
        );
        expect(overflow).toBeLessThanOrEqual(0);

        // No demo video exists: the button takes the reader down to the four steps.
        await page.getByRole('button', { name: 'See how it works' }).click();
        const steps = page.getByRole('heading', { level: 2, name: 'How it works' });
        await expect
          .poll(async () => {
            const box = await steps.boundingBox();
            return box !== null && box.y >= 0 && box.y + box.height <= height;
          })
          .toBe(true);
        expect(await page.getByRole('dialog').count()).toBe(0);

        expect(problems.consoleErrors).toEqual([]);
        expect(problems.failedRequests).toEqual([]);
      });
    } finally {
      await context.close();
    }
  });
});

describe('public pages', () => {
  it('open by URL with their content, and unknown addresses say so', async () => {
    const { page, problems, context } = await openPage(browser, baseUrl);
    try {
      await withScreenshotOnFailure(page, 'public-pages', async () => {
        for (const [url, heading] of [
          ['/features', 'Features'],
          ['/pricing', 'Pricing'],
          ['/about', 'About Voxpress'],
          ['/help', 'Help'],
          ['/no-such-page', 'Page not found'],
        ] as const) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        }
        await page.goto('/help');
        // The engines this server runs are listed to signed-in users only.
        await page.getByText('Sign in to see which engines this server runs.').waitFor();
        expect(await page.getByTestId('engines').count()).toBe(0);
        await page.goBack();
        await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
        expect(problems.consoleErrors).toEqual([]);
        expect(problems.failedRequests).toEqual([]);
      });
    } finally {
      await context.close();
    }
  });
});
