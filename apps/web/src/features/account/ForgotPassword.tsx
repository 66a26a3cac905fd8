import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_CONFIG_KEY, fetchClientConfig } from '../auth/auth-api.ts';
import { requestPasswordReset } from './account-api.ts';
import { FormError } from './FormError.tsx';

/**
 * "Forgot password?" inside the sign-in window: an emailed link when the server can send email,
 * otherwise the plain advice to ask the administrator (who can make a link on the server).
 */
export function ForgotPassword({ onBack }: { onBack(): void }) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const config = useQuery({
    queryKey: CLIENT_CONFIG_KEY,
    queryFn: fetchClientConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const ask = useMutation({ mutationFn: (address: string) => requestPasswordReset(address) });
  const back = (
    <Text size="sm" ta="center">
      <Anchor component="button" type="button" onClick={onBack}>
        {t('forgot.back')}
      </Anchor>
    </Text>
  );

  if (config.data?.password_reset === 'administrator') {
    return (
      <Stack gap="md">
        <Text>{t('forgot.askAdministrator')}</Text>
        {back}
      </Stack>
    );
  }
  if (ask.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status" title={t('forgot.sentTitle')}>
          {t('forgot.sent')}
        </Alert>
        {back}
      </Stack>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ask.isPending) ask.mutate(email.trim());
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('forgot.lead')}
      </Text>
      <form onSubmit={onSubmit} aria-label={t('forgot.title')}>
        <Stack gap="sm">
          <TextInput
            label={t('forgot.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            data-autofocus
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <FormError error={ask.error} />
          <Button type="submit" fullWidth loading={ask.isPending}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
      {back}
    </Stack>
  );
}
