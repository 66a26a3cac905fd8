import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  Drawer,
  darken,
  localStorageColorSchemeManager,
  type MantineThemeOverride,
  Modal,
} from '@mantine/core';

/** The one theme of the app, in a light and a dark scheme. */
export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 7, dark: 7 },
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
  components: {
    // A link inside a sentence must not be told apart by colour alone (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/**
 * The theme with the words it puts on screen in the interface language: every dialog's and
 * drawer's close button is named for screen readers.
 */
export function themeIn(labels: { close: string }): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': labels.close };
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
    },
  };
}

/** Colours whose "light" variant (badges, light buttons, alerts) the app uses. */
const LIGHT_VARIANT_COLORS = [
  'violet',
  'teal',
  'blue',
  'orange',
  'red',
  'yellow',
  'gray',
  'green',
  'cyan',
] as const;

/**
 * Contrast fixes over Mantine's defaults, measured with axe-core: its dimmed grey reaches 3.3:1 on
 * white and the text of its light badges 3.6–4.3:1, below the 4.5:1 that WCAG AA asks of small text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a' };
  for (const color of LIGHT_VARIANT_COLORS) {
    light[`--mantine-color-${color}-light-color`] = darken(t.colors[color]?.[9] ?? '#000', 0.25);
  }
  // Dark: links one step lighter than the filled primary, which takes white text.
  const dark = {
    '--mantine-color-dimmed': '#adadad',
    '--mantine-color-anchor': t.colors.violet?.[3] ?? '#b197fc',
  };
  return { variables: {}, light, dark };
};

/** The theme choice is kept in local storage; the default is light. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'voxpress-color-scheme' });
