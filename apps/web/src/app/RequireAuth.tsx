import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoader } from '../components/PageState.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';

/** Settings, gallery and home need sign-in: signed out, they lead to landing with the modal open. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status, openModal } = useAuth();

  useEffect(() => {
    if (status === 'signed-out') openModal('signin');
  }, [status, openModal]);

  if (status === 'checking') return <PageLoader label={t('loading.session')} />;
  if (status === 'signed-out') return <Navigate to="/" replace />;
  return children;
}
