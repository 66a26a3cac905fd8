import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A centred spinner with a text that screen readers announce. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** An error box with an optional retry. */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      title={title ?? t('state.errorTitle')}
      icon={<IconAlertTriangle size={20} />}
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Group>
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              {t('state.tryAgain')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
