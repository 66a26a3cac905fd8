import { useMantineColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { setDefaultLanguage } from '../audio/default-language.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useUserSettings } from './use-user-settings.ts';

/**
 * Keeps the account's settings and this browser in step: on sign-in the saved theme and
 * transcription language apply here, and a theme switched anywhere is saved to the account. (The
 * interface language follows the account through `AccountLanguage`.)
 */
export function SettingsSync() {
  const { user } = useAuth();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { save } = useUserSettings();
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (!user || applied.current === user.id) return;
    applied.current = user.id;
    const { theme, transcription_language } = user.settings;
    if (theme) setColorScheme(theme);
    if (transcription_language) setDefaultLanguage(transcription_language);
  }, [user, setColorScheme]);

  // A theme switched anywhere (the control panel's toggle too) is kept with the account.
  const savedTheme = user?.settings.theme ?? null;
  const scheme = colorScheme === 'dark' ? 'dark' : 'light';
  const lastScheme = useRef(scheme);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the scheme changes
  useEffect(() => {
    if (lastScheme.current === scheme) return;
    lastScheme.current = scheme;
    if (!user || applied.current !== user.id || scheme === (savedTheme ?? 'light')) return;
    void save({ theme: scheme }).catch(() => undefined);
  }, [scheme]);

  return null;
}
