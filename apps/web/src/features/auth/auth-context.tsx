import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TokenPair, User } from '@voxpress/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearApiCaches } from '../../app/offline/api-cache.ts';
import { usePanel } from '../../app/panel-context.tsx';
import { tokens } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { safeReturnPath, signInTarget } from '../../lib/login-redirect.ts';
import { type Credentials, fetchMe, login, loginWithGoogle, logout, ME_KEY, register } from './auth-api.ts';

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';
export type AuthMode = 'signin' | 'signup' | 'forgot';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  modal: { opened: boolean; mode: AuthMode };
  /** `returnTo`: the page that asked for sign-in, where a successful sign-in goes back to. */
  openModal(mode?: AuthMode, returnTo?: string): void;
  closeModal(): void;
  setMode(mode: AuthMode): void;
  submit(mode: 'signin' | 'signup', credentials: Credentials): Promise<void>;
  /** Stores a new token pair for this session (after a password change). */
  replaceTokens(pair: TokenPair): void;
  /** Drops the session on this device after the server ended it (sign out everywhere, deletion). */
  endLocalSession(): void;
  signInWithGoogle(credential: string): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** A Google sign-in that made its account this recently counts as a new account. */
const NEW_ACCOUNT_MS = 60_000;

/** Session state: tokens in local storage, the profile in the query cache, the sign-in modal. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const panel = usePanel();
  const [hasToken, setHasToken] = useState(() => tokens.getAccessToken() !== null);
  const [modal, setModal] = useState<{ opened: boolean; mode: AuthMode }>({ opened: false, mode: 'signin' });
  const returnTo = useRef<string | null>(null);
  const startupCheck = useRef(hasToken);

  const me = useQuery({
    queryKey: ME_KEY,
    queryFn: () => fetchMe({ redirectOnExpiry: false }),
    enabled: hasToken,
    retry: false,
    staleTime: 5 * 60_000,
  });

  // Startup: a valid stored token leads home (or, on /login, back to the page it names); an
  // invalid one is dropped (the visitor stays public).
  useEffect(() => {
    if (!startupCheck.current) return;
    if (me.isSuccess) {
      startupCheck.current = false;
      if (location.pathname === '/') void navigate('/home', { replace: true });
      else if (location.pathname === '/login') {
        const next = safeReturnPath(new URLSearchParams(location.search).get('next'));
        void navigate(next ?? '/home', { replace: true });
      }
    } else if (me.isError && me.error instanceof ApiError) {
      startupCheck.current = false;
      tokens.clear();
      setHasToken(false);
    }
  }, [me.isSuccess, me.isError, me.error, location.pathname, location.search, navigate]);

  // Opened offline before this browser kept the profile: the session is not over, only out of
  // reach. It is checked again as soon as the connection returns.
  const unreachable = me.isError && !(me.error instanceof ApiError);
  const { refetch } = me;
  useEffect(() => {
    if (!unreachable) return;
    const retry = () => void refetch();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [unreachable, refetch]);

  /**
   * After a sign-in: back to the page that asked for it, else the features page for a new account
   * and the dashboard for a returning one.
   */
  const finishSignIn = useCallback(
    async (pair: TokenPair, created?: boolean) => {
      // Offline copies of API answers belong to whoever was here before.
      await clearApiCaches().catch(() => undefined);
      tokens.setTokens(pair);
      let user: User;
      try {
        user = await fetchMe();
        queryClient.setQueryData(ME_KEY, user);
      } catch (err) {
        tokens.clear();
        throw err;
      }
      startupCheck.current = false;
      setHasToken(true);
      setModal((m) => ({ ...m, opened: false }));
      panel.minimize();
      const isNew = created ?? Date.now() - new Date(user.created_at).getTime() < NEW_ACCOUNT_MS;
      const target = signInTarget(returnTo.current, isNew);
      returnTo.current = null;
      void navigate(target);
    },
    [queryClient, navigate, panel],
  );

  const submit = useCallback(
    async (mode: 'signin' | 'signup', credentials: Credentials) => {
      if (mode === 'signin') await finishSignIn(await login(credentials), false);
      else await finishSignIn(await register(credentials), true);
    },
    [finishSignIn],
  );

  const signInWithGoogle = useCallback(
    async (credential: string) => finishSignIn(await loginWithGoogle(credential)),
    [finishSignIn],
  );

  const replaceTokens = useCallback((pair: TokenPair) => tokens.setTokens(pair), []);

  const endLocalSession = useCallback(() => {
    tokens.clear();
    void clearApiCaches().catch(() => undefined);
    setHasToken(false);
    queryClient.clear();
    void navigate('/');
  }, [queryClient, navigate]);

  const signOut = useCallback(async () => {
    await logout();
    tokens.clear();
    await clearApiCaches().catch(() => undefined);
    setHasToken(false);
    queryClient.clear();
    panel.minimize();
    void navigate('/');
  }, [queryClient, navigate, panel]);

  const openModal = useCallback((mode: AuthMode = 'signin', from?: string) => {
    returnTo.current = from ?? null;
    setModal({ opened: true, mode });
  }, []);
  const closeModal = useCallback(() => {
    returnTo.current = null;
    setModal((m) => ({ ...m, opened: false }));
  }, []);
  const setMode = useCallback((mode: AuthMode) => setModal((m) => ({ ...m, mode })), []);

  const status: AuthStatus = !hasToken
    ? 'signed-out'
    : me.isSuccess
      ? 'signed-in'
      : me.isError && !unreachable
        ? 'signed-out'
        : 'checking';

  const value = useMemo<AuthState>(
    () => ({
      status,
      user: status === 'signed-in' ? (me.data ?? null) : null,
      modal,
      openModal,
      closeModal,
      setMode,
      submit,
      signInWithGoogle,
      signOut,
      replaceTokens,
      endLocalSession,
    }),
    [
      status,
      me.data,
      modal,
      openModal,
      closeModal,
      setMode,
      submit,
      signInWithGoogle,
      signOut,
      replaceTokens,
      endLocalSession,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
