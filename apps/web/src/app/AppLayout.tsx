import { AppShell, Drawer } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppHeader } from '../components/AppHeader.tsx';
import { BrowserNotice } from '../components/BrowserNotice.tsx';
import { ControlPanel } from '../components/control-panel/ControlPanel.tsx';
import { RecordingQueueRunner } from '../features/audio/RecordingQueueRunner.tsx';
import { AuthModal } from '../features/auth/AuthModal.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { AccountLanguage } from '../i18n/AccountLanguage.tsx';
import { OfflineBanner } from './offline/OfflineBanner.tsx';
import { UpdatePrompt } from './offline/UpdatePrompt.tsx';
import { usePanel } from './panel-context.tsx';

const HEADER_HEIGHT = 64;

/** The frame of every view: skip link, header, control panel, the page, and the sign-in modal. */
export function AppLayout() {
  const { t } = useTranslation();
  const panel = usePanel();
  const { status } = useAuth();
  const { pathname } = useLocation();

  const shownPath = useRef(pathname);

  // A new view starts at the top, with focus where a screen reader expects it.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0 });
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: panel.expanded ? 260 : 76,
        breakpoint: 'sm',
        collapsed: { mobile: true, desktop: false },
      }}
      padding={0}
    >
      <a href="#main-content" className="vp-skip-link">
        {t('layout.skipToContent')}
      </a>
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      {!panel.narrow && (
        <AppShell.Navbar aria-label={t('layout.controlPanel')}>
          <ControlPanel compact={!panel.expanded} />
        </AppShell.Navbar>
      )}
      <Drawer
        opened={panel.narrow && panel.expanded}
        onClose={panel.minimize}
        size={300}
        title={t('layout.menu')}
        hiddenFrom="sm"
        styles={{ body: { height: 'calc(100% - 60px)', padding: 0 } }}
      >
        <ControlPanel compact={false} />
      </Drawer>
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <OfflineBanner />
        <BrowserNotice />
        <Outlet />
      </AppShell.Main>
      <AuthModal />
      <UpdatePrompt />
      <AccountLanguage />
      {status === 'signed-in' && <RecordingQueueRunner />}
    </AppShell>
  );
}
