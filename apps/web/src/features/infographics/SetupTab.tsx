import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments, IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { SetupFields } from './SetupFields.tsx';
import type { useInfographicSetup } from './use-setup.ts';

/**
 * A dialog's Setup (or Configure, or Generate) tab: the AI template configuration and the button
 * that generates, or 'No Template Configuration Available' with 'Close & Configure'.
 */
export function SetupTab({
  state,
  sizes,
  onSizes,
  single = false,
  action,
  busy,
  busyText,
  error,
  onConfigure,
}: {
  state: ReturnType<typeof useInfographicSetup>;
  sizes: string[];
  onSizes(sizes: string[]): void;
  single?: boolean;
  /** The generate button. */
  action: ReactNode;
  busy: boolean;
  busyText: string;
  error: string | null;
  onConfigure(): void;
}) {
  const { t } = useTranslation('infographics');
  if (state.loading)
    return (
      <Group gap="sm" py="xl" justify="center" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{t('setup.loading')}</Text>
      </Group>
    );
  if (!state.setup || state.unavailable)
    return (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <IconAdjustments size={36} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={3} fz="h4">
          {t('setup.none')}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {state.error ? loadErrorMessage(state.error) : t('setup.noneText')}
        </Text>
        <Group gap="xs" justify="center">
          {state.error && (
            <Button variant="default" onClick={state.retry}>
              {t('setup.retry')}
            </Button>
          )}
          <Button onClick={onConfigure}>{t('setup.configure')}</Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Group gap="xs">
            <IconSparkles size={18} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Title order={3} fz="h5">
              {t('setup.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('setup.lead')}
          </Text>
          <SetupFields
            setup={state.setup}
            onChange={state.choose}
            sizes={sizes}
            onSizes={onSizes}
            single={single}
            disabled={busy}
          />
        </Stack>
      </Card>
      {action}
      {busy && (
        <Group gap="xs" role="status" aria-live="polite" justify="center">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {busyText}
          </Text>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
