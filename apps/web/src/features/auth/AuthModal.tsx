import { Alert, Anchor, Button, Divider, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAuthError } from '../../lib/api-error.ts';
import { ForgotPassword } from '../account/ForgotPassword.tsx';
import { CLIENT_CONFIG_KEY, fetchClientConfig } from './auth-api.ts';
import { useAuth } from './auth-context.tsx';
import { GoogleButton } from './GoogleButton.tsx';

/** The sign-in / create-account modal; it overlays every view. */
export function AuthModal() {
  const { t } = useTranslation('auth');
  const { modal, closeModal, setMode, submit, signInWithGoogle } = useAuth();
  const { opened, mode } = modal;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // The Google button shows only when the server has a client id; otherwise it is simply absent.
  const config = useQuery({
    queryKey: CLIENT_CONFIG_KEY,
    queryFn: fetchClientConfig,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: opened,
  });
  const googleClientId = config.data?.google_client_id ?? null;

  // A fresh start every time the modal opens.
  useEffect(() => {
    if (opened) setErrors([]);
  }, [opened]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || mode === 'forgot') return;
    setBusy(true);
    setErrors([]);
    try {
      await submit(mode, { email: email.trim(), password, fullName: fullName.trim() });
      setPassword('');
    } catch (err) {
      setErrors(formatAuthError(err));
    } finally {
      setBusy(false);
    }
  }

  const signUp = mode === 'signup';
  const forgot = mode === 'forgot';
  const title = forgot ? t('forgotTitle') : signUp ? t('createAccount') : t('signIn');
  return (
    <Modal
      opened={opened}
      onClose={closeModal}
      title={title}
      centered
      size="md"
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {forgot ? (
        <ForgotPassword onBack={() => setMode('signin')} />
      ) : (
        <Stack gap="md">
          {googleClientId && (
            <>
              <GoogleButton
                clientId={googleClientId}
                mode={signUp ? 'signup' : 'signin'}
                onCredential={signInWithGoogle}
                onError={(message) => setErrors([message])}
              />
              <Divider label={t('or')} labelPosition="center" />
            </>
          )}
          <form onSubmit={onSubmit} aria-label={title}>
            <Stack gap="sm">
              {signUp && (
                <TextInput
                  label={t('fullName')}
                  name="full_name"
                  autoComplete="name"
                  required
                  data-autofocus
                  value={fullName}
                  onChange={(e) => setFullName(e.currentTarget.value)}
                />
              )}
              <TextInput
                label={t('email')}
                name="email"
                type="email"
                autoComplete="email"
                required
                data-autofocus={signUp ? undefined : true}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label={t('password')}
                // The rule is shown before submitting; the server checks it (and the breached list).
                description={signUp ? t('passwordRule') : undefined}
                name="password"
                autoComplete={signUp ? 'new-password' : 'current-password'}
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              {errors.length > 0 && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="auth-error">
                  {errors.map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Alert>
              )}
              <Button type="submit" fullWidth disabled={busy} aria-busy={busy}>
                {busy ? t('processing') : title}
              </Button>
              {!signUp && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="center"
                  onClick={() => setMode('forgot')}
                >
                  {t('forgotPassword')}
                </Anchor>
              )}
            </Stack>
          </form>
          <Text size="sm" ta="center">
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setErrors([]);
                setMode(signUp ? 'signin' : 'signup');
              }}
            >
              {signUp ? t('toSignIn') : t('toSignUp')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
