import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** The one theme of the app, in a light and a dark scheme. */
export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, Cantarell, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontWeight: '750',
    sizes: {
      h1: { fontSize: 'clamp(2rem, 1.4rem + 2.6vw, 3.25rem)', lineHeight: '1.1' },
      h2: { fontSize: 'clamp(1.5rem, 1.2rem + 1.2vw, 2.1rem)', lineHeight: '1.2' },
    },
  },
});

/** The theme choice is kept in local storage; the default is light. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'voxpress-color-scheme' });
