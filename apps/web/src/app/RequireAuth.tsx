import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ErrorState, PageLoader } from '../components/PageState.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';

/**
 * Settings, gallery and home need sign-in: signed out, they lead to landing with the modal open, and
 * signing in comes back to the page asked for.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status, openModal } = useAuth();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;

  // The page asked for stays the goal: a successful sign-in comes back to it (deep links).
  useEffect(() => {
    if (status === 'signed-out') openModal('signin', from);
  }, [status, openModal, from]);

  if (status === 'checking' && !navigator.onLine) {
    // Offline before this device kept the account's details: nothing to show until it reconnects.
    return <ErrorState title={t('offline.sessionTitle')} message={t('offline.sessionText')} />;
  }
  if (status === 'checking') return <PageLoader label={t('loading.session')} />;
  if (status === 'signed-out') return <Navigate to="/" replace />;
  return children;
}
