import type { Page } from 'playwright-core';

/** A view of the app: where it is, what its main heading and tab say, and who may open it. */
export interface Route {
  path: string;
  /** The page's level-1 heading in English. */
  heading: string | RegExp;
  /** The browser tab's title in English. */
  title: string;
  signedIn: boolean;
  /** Waits until what loads after the heading (lists, figures) has arrived. */
  settled?: (page: Page) => Promise<void>;
}

export const PUBLIC_ROUTES: Route[] = [
  {
    path: '/',
    heading: /Speak your ideas/,
    title: 'Voxpress — Voice to Content, Simplified',
    signedIn: false,
  },
  { path: '/features', heading: 'Features', title: 'Features · Voxpress', signedIn: false },
  { path: '/pricing', heading: 'Pricing', title: 'Pricing · Voxpress', signedIn: false },
  { path: '/about', heading: 'About Voxpress', title: 'About · Voxpress', signedIn: false },
  {
    path: '/help',
    heading: 'Help',
    title: 'Help · Voxpress',
    signedIn: false,
    // The engines list is for signed-in users only; signed out, the page says so instead.
    settled: (page) =>
      page
        .getByTestId('engines')
        .or(page.getByText('Sign in to see which engines this server runs.'))
        .waitFor(),
  },
  { path: '/no-such-page', heading: 'Page not found', title: 'Page not found · Voxpress', signedIn: false },
];

export const SIGNED_IN_ROUTES: Route[] = [
  {
    path: '/home',
    heading: /^Welcome, /,
    title: 'Dashboard · Voxpress',
    signedIn: true,
    settled: async (page) => {
      await page.getByText('No recordings yet').waitFor();
      await page.getByText('Speed and turnaround show here after your first transcript.').waitFor();
    },
  },
  {
    path: '/home/audio',
    heading: 'Audio workflow',
    title: 'Audio workflow · Voxpress',
    signedIn: true,
    settled: (page) => page.getByRole('button', { name: 'Start recording' }).waitFor(),
  },
  {
    path: '/home/library',
    heading: 'Your library',
    title: 'Your library · Voxpress',
    signedIn: true,
    settled: (page) => page.getByText('No recordings yet').waitFor(),
  },
  {
    path: '/gallery',
    heading: 'Gallery',
    title: 'Gallery · Voxpress',
    signedIn: true,
    settled: (page) => page.getByText('No infographics yet').waitFor(),
  },
  { path: '/settings', heading: 'Settings', title: 'Settings · Voxpress', signedIn: true },
];

/** Opens a route and waits for its heading and its late content. */
export async function openRoute(page: Page, route: Route): Promise<void> {
  await page.goto(route.path);
  await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
  await route.settled?.(page);
}

/** Pixels the page is wider than the window (a sideways scroll on a phone). */
export function overflowX(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
}
