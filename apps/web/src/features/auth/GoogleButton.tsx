import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import type { AuthMode } from './auth-context.tsx';
import { loadGoogleIdentity } from './google-identity.ts';

interface GoogleButtonProps {
  /** The OAuth client id from `GET /system/config`. */
  clientId: string;
  mode: AuthMode;
  onCredential(credential: string): Promise<void>;
  onError(message: string): void;
}

/** The Google sign-in button (300x50), in sign-in or sign-up wording. */
export function GoogleButton({ clientId, mode, onCredential, onError }: GoogleButtonProps) {
  const { t, i18n } = useTranslation('auth');
  const container = useRef<HTMLDivElement>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const handlers = useRef({ onCredential, onError });
  handlers.current = { onCredential, onError };

  useEffect(() => {
    if (!container.current) return;
    const parent = container.current;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => {
            handlers.current.onCredential(response.credential).catch((err: unknown) => {
              google.accounts.id.cancel();
              handlers.current.onError(googleError(err, t('google.failed')));
            });
          },
        });
        parent.replaceChildren();
        google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          width: 300,
          text: mode === 'signin' ? 'signin_with' : 'signup_with',
          logo_alignment: 'left',
          // Google draws the button's words itself: in the interface language.
          locale: i18n.resolvedLanguage,
        });
        setSetupError(null);
      })
      .catch(() => {
        if (!cancelled) setSetupError(t('google.setupFailed'));
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, t, i18n.resolvedLanguage]);

  return (
    <Box>
      <Box
        ref={container}
        w={300}
        h={50}
        mx="auto"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        aria-label={mode === 'signin' ? t('google.signIn') : t('google.signUp')}
      />
      {setupError && (
        <Text c="red" size="sm" ta="center" role="alert">
          {setupError}
        </Text>
      )}
    </Box>
  );
}

/** Google failure text (spec section 8): the server's detail or the error message, else a fixed text. */
function googleError(err: unknown, fallback: string): string {
  return errorMessage(err, fallback);
}
