import { ActionIcon, Badge, Group, Highlight, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconFileMusic, IconMicrophone, IconTrash } from '@tabler/icons-react';
import type { Audio, AudioList as AudioPage } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/format.ts';
import { fileFigures } from '../audio/recorder-format.ts';
import { statusBadge } from './audio-format.ts';

/** Rows of audio items; each opens its workflow page, and may offer Delete. */
export function AudioList({
  items,
  onDelete,
  highlight = [],
}: {
  items: AudioPage['items'];
  onDelete?: (audio: Audio) => void;
  /** Search words to mark in each item's matching passage. */
  highlight?: string[];
}) {
  const { t } = useTranslation('library');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((a) => {
        const badge = statusBadge(a);
        const Icon = a.source === 'recording' ? IconMicrophone : IconFileMusic;
        return (
          <Paper component="li" key={a.audio_id} withBorder radius="md" p="sm">
            <Group wrap="nowrap" gap="sm">
              <Icon size={22} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
              <UnstyledButton
                component={Link}
                to={`/home/audio?audio=${a.audio_id}`}
                style={{ flex: 1, minWidth: 0 }}
                aria-label={t('open', { title: a.title })}
              >
                <Text fw={600} truncate>
                  {a.title}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {formatDateTime(new Date(a.created_at))} · {fileFigures(a.duration_s, a.file_size_bytes)}
                </Text>
                {a.match && (
                  <Highlight highlight={highlight} size="sm" mt={4} lineClamp={2} data-testid="search-match">
                    {a.match}
                  </Highlight>
                )}
              </UnstyledButton>
              <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
                {badge.label}
              </Badge>
              {onDelete && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('actions', { title: a.title })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(a)}>
                      {t('delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
