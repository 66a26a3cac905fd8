import { api } from '../../lib/api.ts';
import type { AuthState } from '../auth/auth-context.tsx';

export const ENGINES_KEY = ['system', 'engines'] as const;

/**
 * `GET /system/engines`: which engine serves each port, for signed-in users only (the server
 * answers 401 otherwise); the administrator also gets diagnostics and how to enable the missing
 * engines.
 */
export function fetchEngines() {
  return api.get('/api/v1/system/engines', { redirectOnExpiry: false });
}

/**
 * The engines query of whoever is signed in, keyed by account (the administrator's answer holds
 * details nobody else sees). It runs only once someone is signed in: never signed out, nor while
 * the sign-in is still being checked.
 */
export function enginesQuery(auth: Pick<AuthState, 'status' | 'user'>) {
  return {
    queryKey: [...ENGINES_KEY, auth.user?.id ?? null],
    queryFn: fetchEngines,
    enabled: auth.status === 'signed-in',
  };
}
