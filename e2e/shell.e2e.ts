// The app shell at phone and desktop sizes: every route signed out and signed in, the access rules
// (spec sections 2 and 6), tab titles, the theme kept over reloads, the interface in Spanish and in
// Arabic (right to left), and no serious or critical accessibility problem on any page in either
// theme (axe-core).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authDialog, signUpThroughApi } from './lib/auth-steps.ts';
import { launchBrowser, openPage, type TrackedPage, withScreenshotOnFailure } from './lib/browser.ts';
import { openRoute, overflowX, PUBLIC_ROUTES, type Route, SIGNED_IN_ROUTES } from './lib/routes.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1440, height: 900 },
] as const;

async function inPage(
  name: string,
  size: { width: number; height: number },
  body: (t: TrackedPage) => Promise<void>,
  options: { locale?: string } = {},
): Promise<void> {
  const tracked = await openPage(browser, baseUrl, { ...size, ...options });
  try {
    await withScreenshotOnFailure(tracked.page, name, () => body(tracked));
    expect(tracked.problems.consoleErrors).toEqual([]);
    expect(tracked.problems.failedRequests).toEqual([]);
  } finally {
    await tracked.context.close();
  }
}

/** The side menu's links, opening the drawer first on a phone. */
async function menuLinks(page: Page, phone: boolean): Promise<string[]> {
  if (phone) await page.getByRole('button', { name: 'Open control panel' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor();
  const links = await nav.getByRole('link').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
  if (phone) await page.keyboard.press('Escape');
  return links;
}

/** Serious and critical axe findings, one line each with where they are. */
async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only failures are read: axe then stops collecting every element that passed.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    );
}

async function setTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(`localStorage.setItem('voxpress-color-scheme', '${scheme}')`);
}

async function checkRoute(page: Page, route: Route, label: string): Promise<void> {
  await openRoute(page, route);
  expect(await page.title(), route.path).toBe(route.title);
  expect(await overflowX(page), `${route.path} scrolls sideways at ${label}`).toBeLessThanOrEqual(0);
}

describe.each(SIZES)('routes at $width px ($label)', ({ label, width, height }) => {
  const phone = width < 768;

  it('signed out: public pages open with their title, guarded ones lead to the sign-in modal', async () => {
    await inPage(`routes-public-${label}`, { width, height }, async ({ page }) => {
      for (const route of PUBLIC_ROUTES) await checkRoute(page, route, label);
      expect(await menuLinks(page, phone)).toEqual(['Features', 'About', 'Help']);

      for (const path of [
        '/home',
        '/home/audio',
        '/home/library',
        '/gallery',
        '/settings',
        '/items/some-id',
      ]) {
        await page.goto(path);
        await authDialog(page, 'Sign In').waitFor();
        expect(new URL(page.url()).pathname, path).toBe('/');
        await page.keyboard.press('Escape');
        await authDialog(page, 'Sign In').waitFor({ state: 'detached' });
      }
    });
  });

  it('signed in: every view opens with its title, and the menu offers the guarded ones', async () => {
    await inPage(`routes-signed-in-${label}`, { width, height }, async ({ page }) => {
      await page.goto('/');
      await signUpThroughApi(page, 'Ada Lovelace');
      // A valid session on the start page leads to the dashboard.
      await page.goto('/');
      await page.waitForURL('**/home');
      for (const route of [...SIGNED_IN_ROUTES, ...PUBLIC_ROUTES.filter((r) => r.path !== '/')])
        await checkRoute(page, route, label);
      expect(await menuLinks(page, phone)).toEqual([
        'Audio Workflow',
        'Gallery',
        'Settings',
        'Features',
        'About',
        'Help',
      ]);
      // Choosing an item navigates and closes the menu (spec: then minimizes the panel).
      if (phone) await page.getByRole('button', { name: 'Open control panel' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Audio Workflow' })
        .click();
      await page.waitForURL('**/home');
      if (phone) await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    });
  });

  // One test per theme and session state: axe reads the whole page, which takes a while.
  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility problem on any page signed out (%s theme)',
    async (scheme) => {
      await inPage(`axe-public-${scheme}-${label}`, { width, height }, async ({ page }) => {
        const found: string[] = [];
        await page.goto('/');
        await setTheme(page, scheme);
        for (const route of PUBLIC_ROUTES) {
          await openRoute(page, route);
          for (const p of await axeProblems(page)) found.push(`${route.path} ${p}`);
        }
        // The sign-in modal over the start page.
        await page.goto('/login');
        await authDialog(page, 'Sign In').waitFor();
        for (const p of await axeProblems(page)) found.push(`/login (modal) ${p}`);
        expect(found).toEqual([]);
      });
    },
    240_000,
  );

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility problem on any page signed in (%s theme)',
    async (scheme) => {
      await inPage(`axe-signed-in-${scheme}-${label}`, { width, height }, async ({ page }) => {
        const found: string[] = [];
        await page.goto('/');
        await setTheme(page, scheme);
        await signUpThroughApi(page, 'Ada Lovelace');
        for (const route of SIGNED_IN_ROUTES) {
          await openRoute(page, route);
          for (const p of await axeProblems(page)) found.push(`${route.path} ${p}`);
        }
        expect(found).toEqual([]);
      });
    },
    240_000,
  );
});

describe('theme', () => {
  it('is kept over reloads and from page to page', async () => {
    await inPage('theme', { width: 1440, height: 900 }, async ({ page }) => {
      await page.goto('/');
      const scheme = () =>
        page.evaluate<string | null>("document.documentElement.getAttribute('data-mantine-color-scheme')");
      expect(await scheme()).toBe('light');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect(await scheme()).toBe('dark');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await scheme()).toBe('dark');
      await page.getByRole('link', { name: 'Help', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      expect(await scheme()).toBe('dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
      expect(await scheme()).toBe('light');
    });
  });
});

describe('interface language', () => {
  const htmlLang = (page: Page) =>
    page.evaluate<[string, string]>('[document.documentElement.lang, document.documentElement.dir]');

  /** Picks a language in the control panel's picker by typing part of its name. */
  async function pick(page: Page, search: string, option: string): Promise<void> {
    await page.getByTestId('interface-language').click();
    await page
      .getByRole('textbox', { name: /interface languages|idiomas de la interfaz|لغات الواجهة/i })
      .fill(search);
    await page.getByRole('option', { name: new RegExp(option) }).click();
  }

  it('switches to Spanish and to Arabic at once, mirrors the layout for Arabic, and keeps the choice', async () => {
    await inPage('languages', { width: 1440, height: 900 }, async ({ page }) => {
      await page.goto('/features');
      await page.getByRole('heading', { level: 1, name: 'Features' }).waitFor();
      expect(await htmlLang(page)).toEqual(['en', 'ltr']);

      await pick(page, 'spanish', 'Español');
      await page.getByRole('heading', { level: 1, name: 'Funciones' }).waitFor();
      expect(await htmlLang(page)).toEqual(['es', 'ltr']);
      expect(await page.title()).toBe('Funciones · Voxpress');
      await page.getByRole('link', { name: 'Ayuda' }).waitFor();

      // "No languages found" in the reader's language when nothing matches.
      await page.getByTestId('interface-language').click();
      await page.getByRole('textbox', { name: 'Buscar entre los idiomas de la interfaz' }).fill('klingon');
      await page.getByText('No se encontraron idiomas').waitFor();
      await page.keyboard.press('Escape');

      await pick(page, 'arab', 'العربية');
      await page.getByRole('heading', { level: 1, name: 'الميزات' }).waitFor();
      expect(await htmlLang(page)).toEqual(['ar', 'rtl']);
      // The side panel moves to the right, the content to its left.
      const panel = await page.getByRole('navigation', { name: 'لوحة التحكم' }).boundingBox();
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(panel?.x).toBeGreaterThan(1440 / 2);
      expect(heading && panel && heading.x + heading.width).toBeLessThanOrEqual(panel?.x ?? 0);
      // Arrows point the way Arabic reads.
      const arrow = await page.evaluate<string>(
        "getComputedStyle(document.querySelector('.tabler-icon-layout-sidebar-left-collapse')).transform",
      );
      expect(arrow).toBe('matrix(-1, 0, 0, 1, 0, 0)');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'الميزات' }).waitFor();
      expect(await htmlLang(page)).toEqual(['ar', 'rtl']);
    });
  });

  it("starts in the browser's language on a first visit when it is one of the 25", async () => {
    await inPage(
      'browser-language',
      { width: 390, height: 844 },
      async ({ page }) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: /Di tus ideas en voz alta/ }).waitFor();
        expect(await htmlLang(page)).toEqual(['es', 'ltr']);
        await page.getByRole('button', { name: 'Regístrate gratis' }).waitFor();
      },
      { locale: 'es-MX' },
    );
  });

  it('shows server errors in the interface language from their code', async () => {
    await inPage(
      'server-error-language',
      { width: 1440, height: 900 },
      async ({ page, problems }) => {
        await page.goto('/login');
        const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
        await dialog.locator('input[name="email"]').fill('nobody@example.com');
        await dialog.locator('input[name="password"]').fill('wrong password here');
        await dialog.locator('form button[type="submit"]').click();
        await dialog.getByText('Correo electrónico o contraseña incorrectos.').waitFor();
        problems.failedRequests = problems.failedRequests.filter((r) => !r.endsWith('→ 401'));
      },
      { locale: 'es-ES' },
    );
  });
});
