import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { currentDirection, i18n } from '../i18n/i18n.ts';
import { directionOf } from '../i18n/interface-languages.ts';
import { router } from './router.tsx';
import { colorSchemeManager, cssVariablesResolver, themeIn } from './theme.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/** Mantine lays out right to left (drawers, menus, tooltips) when the interface language does. */
function DirectionFollowsLanguage() {
  const { i18n: instance } = useTranslation();
  const { setDirection } = useDirection();
  const language = instance.resolvedLanguage ?? 'en';
  useEffect(() => setDirection(directionOf(language)), [language, setDirection]);
  return null;
}

/** Notices appear at the top, on the side a reader of the language starts from. */
function NoticeArea() {
  const { dir } = useDirection();
  return <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} />;
}

/** Mantine with the theme in the interface language. */
function Theme({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('actions.close');
  const theme = useMemo(() => themeIn({ close }), [close]);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}

/** Every provider around the router: translations, direction, theme, notices, server data. */
export function App() {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider initialDirection={currentDirection()} detectDirection={false}>
          <DirectionFollowsLanguage />
          <Theme>
            <NoticeArea />
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </Theme>
        </DirectionProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
