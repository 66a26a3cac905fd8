import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { LIMITS } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The resting recorder: one button to start, and while the browser asks for the microphone,
 * a prompt that says so.
 */
export function RecorderStart({
  requesting,
  disabled,
  onStart,
}: {
  requesting: boolean;
  disabled: boolean;
  onStart(): void;
}) {
  const { t } = useTranslation('audio');
  const minutes = LIMITS.maxRecordingSeconds / 60;
  const megabytes = LIMITS.maxRecordingBytes / (1024 * 1024);
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      style={{ borderStyle: 'dashed', background: 'var(--mantine-color-default-hover)' }}
    >
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconMicrophone size={34} stroke={1.6} />
        </ThemeIcon>
        <Button
          size="md"
          radius="xl"
          color="red.9"
          leftSection={<IconMicrophone size={18} aria-hidden />}
          loading={requesting}
          disabled={disabled}
          onClick={onStart}
        >
          {t('recorder.start')}
        </Button>
        <Text size="sm" c="dimmed" maw={440} aria-live="polite">
          {requesting ? t('recorder.requesting') : t('recorder.startHint', { minutes, megabytes })}
        </Text>
      </Stack>
    </Paper>
  );
}
