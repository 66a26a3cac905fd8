import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { GroundedItem, Quote } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from '../audio/recorder-format.ts';
import { usePlayback } from '../transcription/playback.tsx';

/**
 * Key points or quotes, each with the moment it was said (which plays it, when there is a
 * recording); a quote said by a voice the user named names it first (“…” — Ana, 12:03).
 */
export function GroundedList({
  title,
  items,
  quotes = false,
}: {
  title: string;
  items: readonly (GroundedItem | Quote)[];
  quotes?: boolean;
}) {
  const { t } = useTranslation('content');
  const playback = usePlayback();
  if (!items.length) return null;
  return (
    <Stack gap={6}>
      <Title order={4} fz="h6">
        {title}
      </Title>
      <List spacing={6} size="sm" listStyleType={quotes ? 'none' : undefined} withPadding={!quotes}>
        {items.map((item) => (
          <List.Item key={`${item.start ?? ''}-${item.text}`}>
            <Text component="span" size="sm" fs={quotes ? 'italic' : undefined}>
              {quotes ? t('viewer.quoted', { text: item.text }) : item.text}
            </Text>
            {quotes && 'speaker' in item && item.speaker && item.start !== null && (
              <Text component="span" size="sm" fw={500}>
                {' '}
                {t('viewer.saidBy', { name: item.speaker })}
              </Text>
            )}
            {item.start !== null && (
              <>
                {' '}
                {playback ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    ff="monospace"
                    onClick={() => playback.seek(item.start ?? 0)}
                    aria-label={t('viewer.playFrom', { time: formatElapsed(item.start * 1000) })}
                  >
                    {formatElapsed(item.start * 1000)}
                  </Anchor>
                ) : (
                  <Text component="span" size="xs" c="dimmed" ff="monospace">
                    {formatElapsed(item.start * 1000)}
                  </Text>
                )}
              </>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
