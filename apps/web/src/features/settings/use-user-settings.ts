import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnhanceContentType, User, UserSettings, UserSettingsPatch } from '@voxpress/contracts';
import { saveSettings } from '../account/account-api.ts';
import { ME_KEY } from '../auth/auth-api.ts';
import { useAuth } from '../auth/auth-context.tsx';

/** The signed-in user's defaults (kept on the server) and a way to change some of them. */
export function useUserSettings(): {
  settings: UserSettings | null;
  save(patch: UserSettingsPatch): Promise<UserSettings>;
  saving: boolean;
  error: unknown;
} {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: saveSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData<User>(ME_KEY, (me) =>
        me ? { ...me, settings, writing_voice: settings.writing_voice } : me,
      ),
  });
  return {
    settings: user?.settings ?? null,
    save: (patch) => mutation.mutateAsync(patch),
    saving: mutation.isPending,
    error: mutation.error,
  };
}

/** What the Enhance panel starts with: the user's defaults, else the spec's (English, enhanced). */
export interface ContentDefaults {
  languages: string[];
  contentType: EnhanceContentType;
  platforms: string[];
}

/** The Enhance panel's starting choices, from the user's settings. */
export function useContentDefaults(): ContentDefaults {
  const { settings } = useUserSettings();
  return {
    languages: settings?.content_languages?.length ? settings.content_languages : ['en'],
    contentType: settings?.content_type ?? 'enhanced',
    platforms: settings?.platforms ?? [],
  };
}
