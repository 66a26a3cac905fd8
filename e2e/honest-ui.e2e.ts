// What the interface shows must be whole and true in a real browser: the phone header's tagline is
// not cut off, the dashboard's floating button never covers an item's status (nor, on a phone, any
// link or button), and the gallery opened offline says so in words instead of "Failed to fetch".
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readTokens, signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, withScreenshotOnFailure } from './lib/browser.ts';
import { uploadDocument } from './lib/infographic-seed.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('The element is not shown');
  return found;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * On a phone, waits until the floating button is where the scroll position puts it: gone while
 * the Quick actions card is on screen, else in place with its slide-in over. False when the card
 * is on the screen's edge, where which of the two follows is not worth guessing.
 */
async function fabSettled(page: Page, fab: Locator): Promise<boolean> {
  const card = page.locator('section[aria-labelledby="quick-actions"]');
  const { top, bottom } = await card.evaluate((el) => el.getBoundingClientRect().toJSON());
  const screen = Number(await page.evaluate('window.innerHeight'));
  if (Math.abs(bottom) <= 1 || Math.abs(top - screen) <= 1) return false;
  if (bottom > 0 && top < screen) {
    await fab.waitFor({ state: 'hidden' });
    return true;
  }
  await fab.waitFor();
  await expect
    .poll(
      () =>
        fab.evaluate(
          (el) =>
            el.getAnimations().length === 0 &&
            el.ownerDocument.defaultView?.getComputedStyle(el).opacity === '1',
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  return true;
}

/** Waits until the service worker controls the page, so what follows goes through it. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) {
    if (Date.now() > deadline) throw new Error('No service worker took control of the page');
    await page.waitForTimeout(200);
  }
}

describe('honest interface', () => {
  it('shows the whole tagline in the phone header, signed out, in English, Spanish and German', async () => {
    for (const locale of ['en-US', 'es-ES', 'de-DE']) {
      const { page, context } = await openPage(browser, baseUrl, { width: 390, height: 844, locale });
      try {
        await withScreenshotOnFailure(page, `tagline-${locale}`, async () => {
          await page.goto('/');
          const header = page.locator('header');
          const tagline = header.getByTestId('tagline');
          await tagline.waitFor();
          // Not cut inside its own box…
          const cut = await tagline.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
          expect(cut, locale).toBe(false);
          // …nor hidden under the buttons beside it, nor past the screen's edge.
          const text = await box(tagline);
          for (const button of await header.getByRole('button').all()) {
            if (!(await button.isVisible())) continue;
            expect(
              overlaps(text, await box(button)),
              `${locale}: ${await button.getAttribute('aria-label')}`,
            ).toBe(false);
          }
          expect(text.x + text.width).toBeLessThanOrEqual(390);
          const headerBox = await box(header);
          expect(text.y + text.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
        });
      } finally {
        await context.close();
      }
    }
  });

  it.each([
    [390, 844, 'en-US'],
    [390, 844, 'ar'],
    [1440, 900, 'en-US'],
    [1440, 900, 'ar'],
  ] as const)(
    'never lets the floating quick-action button cover an item’s status, nor on a phone any control (%i × %i px, %s)',
    async (width, height, locale) => {
      const { page, context } = await openPage(browser, baseUrl, { width, height, locale });
      try {
        await withScreenshotOnFailure(page, `fab-${width}-${locale}`, async () => {
          await page.goto('/');
          await signUpThroughApi(page, 'Ada Lovelace');
          const { access } = await readTokens(page);
          const user = { baseUrl, token: access ?? '' };
          for (const n of [1, 2, 3]) {
            await uploadDocument(
              user,
              `Meeting notes number ${n} about the quarterly plan.txt`,
              `Notes ${n}.`,
            );
          }
          await page.goto('/home');
          const statuses = page.getByTestId('item-status');
          await statuses.nth(2).waitFor();
          const fab = page.locator('.mantine-Affix-root button').first();
          const phone = width < 768;
          // On a phone the button waits until the Quick actions card, which offers the same
          // actions, has been scrolled away: as the page opens it covers nothing ("View all", the
          // first items).
          if (phone) {
            await page.locator('main a[href="/home/library"]').waitFor();
            expect(await fab.isVisible(), `${width} px, ${locale}: shown as the page opens`).toBe(false);
          } else {
            await fab.waitFor();
          }
          const controls = page.locator('main a[href], main button, main [role="button"]');
          // Scrolled top to bottom in steps shorter than the button and a badge together (56 + 20 px), so
          // no overlap can fall between two looks.
          const scrollHeight = Number(await page.evaluate('document.documentElement.scrollHeight'));
          let looks = 0;
          for (let y = 0; y <= scrollHeight; y += 60) {
            await page.evaluate(`window.scrollTo(0, ${y})`);
            if (phone && !(await fabSettled(page, fab))) continue;
            if (!(await fab.isVisible())) continue;
            looks += 1;
            const button = await box(fab);
            for (const status of await statuses.all()) {
              const badge = await status.boundingBox();
              if (badge) expect(overlaps(button, badge), `${width} px, ${locale}, scrolled ${y}`).toBe(false);
            }
            // On a phone no link or button of the page is under it either.
            if (!phone) continue;
            for (const control of await controls.all()) {
              if (!(await control.isVisible())) continue;
              const under = await control.boundingBox();
              const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
              if (under) expect(overlaps(button, under), `${locale}, scrolled ${y}: ${name}`).toBe(false);
            }
          }
          // Scrolled down, the button is there and opens the quick actions.
          expect(looks, `${width} px, ${locale}: never shown`).toBeGreaterThan(0);
          await fab.click();
          await expect.poll(() => page.getByRole('menuitem').count()).toBe(4);
        });
      } finally {
        await context.close();
      }
    },
  );

  it('says in words that the gallery was not kept for offline use, instead of “Failed to fetch”', async () => {
    const { page, context } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    try {
      await withScreenshotOnFailure(page, 'gallery-offline', async () => {
        await page.goto('/');
        await signUpThroughApi(page, 'Ada Offline');
        await page.goto('/home');
        await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
        await controlledByServiceWorker(page);
        // The account's details are kept once fetched through the service worker: on a slow machine
        // it takes control only after the first load fetched them, so the page is loaded once more.
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();

        await context.setOffline(true);
        await page.goto('/gallery');
        const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
        await alert.waitFor();
        const text = await alert.innerText();
        expect(text).toContain('You are offline, and this has not been kept on this device.');
        expect(text).not.toContain('Failed to fetch');
        await context.setOffline(false);
      });
    } finally {
      await context.close();
    }
  });
});
