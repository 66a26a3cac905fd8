import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { safeReturnPath } from '../../lib/login-redirect.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { LandingPage } from './LandingPage.tsx';

/**
 * /login: the landing page with the sign-in modal open (where an expired session leads). Signing in
 * goes back to the page named by `?next=`, the one open when the session ended.
 */
export function LoginRoute() {
  const { status, openModal } = useAuth();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  useEffect(() => {
    if (status === 'signed-out') openModal('signin', next ?? undefined);
  }, [status, openModal, next]);
  return <LandingPage />;
}
