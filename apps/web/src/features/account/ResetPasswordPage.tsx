import { Alert, Button, Card, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/document-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { resetPassword } from './account-api.ts';
import { FormError } from './FormError.tsx';

/** Reads the token from `#token=…` once and takes it out of the address bar and history. */
function useResetToken(): string {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  return token;
}

/** `/reset-password#token=…`: the page an emailed (or administrator's) reset link opens. */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('reset.title'));
  const { openModal } = useAuth();
  const token = useResetToken();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation({ mutationFn: () => resetPassword(token, password) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMismatch(password !== again);
    if (password === again && !reset.isPending) reset.mutate();
  };

  return (
    <Container size={480} py={{ base: 'xl', sm: 64 }}>
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {t('reset.title')}
          </Title>
          {!token ? (
            <Alert color="orange" role="alert">
              {t('reset.noToken')}
            </Alert>
          ) : reset.isSuccess ? (
            <>
              <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
                {t('reset.done')}
              </Alert>
              <Button onClick={() => openModal('signin', '/home')}>{t('reset.signIn')}</Button>
            </>
          ) : (
            <form onSubmit={onSubmit} aria-label={t('reset.title')}>
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t('reset.lead')}
                </Text>
                <PasswordInput
                  label={t('reset.password')}
                  description={t('passwordRule')}
                  name="new_password"
                  autoComplete="new-password"
                  required
                  data-autofocus
                  autoFocus
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
                <PasswordInput
                  label={t('reset.again')}
                  name="new_password_again"
                  autoComplete="new-password"
                  required
                  value={again}
                  error={mismatch ? t('reset.mismatch') : undefined}
                  onChange={(e) => setAgain(e.currentTarget.value)}
                />
                <FormError error={reset.error} />
                <Button type="submit" loading={reset.isPending}>
                  {t('reset.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
