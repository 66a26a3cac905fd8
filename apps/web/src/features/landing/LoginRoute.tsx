import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context.tsx';
import { LandingPage } from './LandingPage.tsx';

/** /login: the landing page with the sign-in modal open (where an expired session leads). */
export function LoginRoute() {
  const { status, openModal } = useAuth();
  useEffect(() => {
    if (status === 'signed-out') openModal('signin');
  }, [status, openModal]);
  return <LandingPage />;
}
