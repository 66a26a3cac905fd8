import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@voxpress/contracts';
import { useEffect } from 'react';
import { ME_KEY } from '../features/auth/auth-api.ts';
import { useAuth } from '../features/auth/auth-context.tsx';
import { api } from '../lib/api.ts';
import { adoptLanguage, onLanguageChosen } from './language-choice.ts';

/**
 * Keeps the interface language with the account: signed in, a language picked on one device is
 * the language of every other (the account's setting wins over this browser's), and a new pick is
 * saved to the account. Renders nothing.
 */
export function AccountLanguage() {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const saved = user?.settings?.interface_language ?? null;

  useEffect(() => {
    if (saved) void adoptLanguage(saved);
  }, [saved]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    return onLanguageChosen((language) => {
      // The profile in memory learns the choice first, so it is not taken back before the save.
      queryClient.setQueryData<User>(ME_KEY, (me) =>
        me ? { ...me, settings: { ...me.settings, interface_language: language } } : me,
      );
      api
        .put('/api/v1/users/me/settings', { json: { interface_language: language } })
        .catch((err: unknown) => console.warn('The language is kept on this browser only', err));
    });
  }, [status, queryClient]);

  return null;
}
