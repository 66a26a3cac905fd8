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
import { usePanel } from '../../app/panel-context.tsx';
import { tokens } from '../../lib/api.ts';
import { type Credentials, fetchMe, login, loginWithGoogle, logout, ME_KEY, register } from './auth-api.ts';

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';
export type AuthMode = 'signin' | 'signup';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  modal: { opened: boolean; mode: AuthMode };
  openModal(mode?: AuthMode): void;
  closeModal(): void;
  setMode(mode: AuthMode): void;
  submit(mode: AuthMode, credentials: Credentials): Promise<void>;
  signInWithGoogle(credential: string): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Session state: tokens in local storage, the profile in the query cache, the sign-in modal. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const panel = usePanel();
  const [hasToken, setHasToken] = useState(() => tokens.getAccessToken() !== null);
  const [modal, setModal] = useState<{ opened: boolean; mode: AuthMode }>({ opened: false, mode: 'signin' });
  const startupCheck = useRef(hasToken);

  const me = useQuery({
    queryKey: ME_KEY,
    queryFn: () => fetchMe({ redirectOnExpiry: false }),
    enabled: hasToken,
    retry: false,
    staleTime: 5 * 60_000,
  });

  // Startup: a valid stored token leads home; an invalid one is dropped (the visitor stays public).
  useEffect(() => {
    if (!startupCheck.current) return;
    if (me.isSuccess) {
      startupCheck.current = false;
      if (location.pathname === '/' || location.pathname === '/login')
        void navigate('/home', { replace: true });
    } else if (me.isError) {
      startupCheck.current = false;
      tokens.clear();
      setHasToken(false);
    }
  }, [me.isSuccess, me.isError, location.pathname, navigate]);

  const finishSignIn = useCallback(
    async (pair: TokenPair) => {
      tokens.setTokens(pair);
      try {
        const user = await fetchMe();
        queryClient.setQueryData(ME_KEY, user);
      } catch (err) {
        tokens.clear();
        throw err;
      }
      startupCheck.current = false;
      setHasToken(true);
      setModal((m) => ({ ...m, opened: false }));
      panel.minimize();
      void navigate('/features');
    },
    [queryClient, navigate, panel],
  );

  const submit = useCallback(
    async (mode: AuthMode, credentials: Credentials) => {
      await finishSignIn(mode === 'signin' ? await login(credentials) : await register(credentials));
    },
    [finishSignIn],
  );

  const signInWithGoogle = useCallback(
    async (credential: string) => finishSignIn(await loginWithGoogle(credential)),
    [finishSignIn],
  );

  const signOut = useCallback(async () => {
    await logout();
    tokens.clear();
    setHasToken(false);
    queryClient.clear();
    panel.minimize();
    void navigate('/');
  }, [queryClient, navigate, panel]);

  const openModal = useCallback((mode: AuthMode = 'signin') => setModal({ opened: true, mode }), []);
  const closeModal = useCallback(() => setModal((m) => ({ ...m, opened: false })), []);
  const setMode = useCallback((mode: AuthMode) => setModal((m) => ({ ...m, mode })), []);

  const status: AuthStatus = !hasToken
    ? 'signed-out'
    : me.isSuccess
      ? 'signed-in'
      : me.isError
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
    }),
    [status, me.data, modal, openModal, closeModal, setMode, submit, signInWithGoogle, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
