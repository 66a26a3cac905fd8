import { Badge, Box, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatElapsed, formatMegabytes } from './recorder-format.ts';
import { Waveform } from './Waveform.tsx';

export interface RecorderLiveProps {
  paused: boolean;
  elapsedMs: number;
  bytes: number;
  analyser: AnalyserNode | null;
  /** When the recording stops by itself, in seconds. */
  timeLimitS: number;
  onPause(): void;
  onResume(): void;
  onStop(): void;
}

/** The recorder while the microphone is live: waveform, time, size and the controls. */
export function RecorderLive({
  paused,
  elapsedMs,
  bytes,
  analyser,
  timeLimitS,
  onPause,
  onResume,
  onStop,
}: RecorderLiveProps) {
  const { t } = useTranslation('audio');
  const limitMs = timeLimitS * 1000;
  // The start button that had the focus is gone; the pause/resume button (one element) takes it.
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => toggle.current?.focus(), []);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Badge
            color={paused ? 'gray' : 'red'}
            variant={paused ? 'light' : 'filled'}
            size="lg"
            leftSection={
              paused ? undefined : (
                <Box
                  component="span"
                  w={8}
                  h={8}
                  style={{ borderRadius: '50%', background: 'currentColor', display: 'inline-block' }}
                />
              )
            }
          >
            {paused ? t('recorder.paused') : t('recorder.recording')}
          </Badge>
          <Group gap="lg" wrap="nowrap">
            <Text
              ff="monospace"
              fz={28}
              fw={700}
              lh={1}
              role="timer"
              aria-label={t('recorder.elapsed', { time: formatElapsed(elapsedMs) })}
              data-testid="recorder-elapsed"
            >
              {formatElapsed(elapsedMs)}
            </Text>
            <Text ff="monospace" size="sm" c="dimmed" data-testid="recorder-size">
              {formatMegabytes(bytes)}
            </Text>
          </Group>
        </Group>
        <Waveform analyser={analyser} active={!paused} />
        <Progress
          value={Math.min(100, (elapsedMs / limitMs) * 100)}
          size="xs"
          color={paused ? 'gray' : 'red'}
          aria-label={t('recorder.timeUsed', {
            time: formatElapsed(elapsedMs),
            limit: formatElapsed(limitMs),
          })}
        />
        <Group gap="sm" grow preventGrowOverflow={false}>
          {paused ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              onClick={onResume}
            >
              {t('recorder.resume')}
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={18} aria-hidden />}
              onClick={onPause}
            >
              {t('recorder.pause')}
            </Button>
          )}
          <Button color="red" leftSection={<IconPlayerStop size={18} aria-hidden />} onClick={onStop}>
            {t('recorder.stop')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
