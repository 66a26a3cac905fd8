import { ActionIcon, Badge, Group, Highlight, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconFileMusic, IconFileText, IconMicrophone, IconTrash } from '@tabler/icons-react';
import type { Item, ItemList as ItemPage } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/format.ts';
import { fileFigures } from '../audio/recorder-format.ts';
import { itemPath } from '../items/items-api.ts';
import { itemBadge } from './audio-format.ts';

/** Rows of items (recordings, uploads, documents); each opens its page, and may offer Delete. */
export function ItemList({
  items,
  onDelete,
  highlight = [],
}: {
  items: ItemPage['items'];
  onDelete?: (item: Item) => void;
  /** Search words to mark in each item's matching passage. */
  highlight?: string[];
}) {
  const { t } = useTranslation('library');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const badge = itemBadge(item);
        const Icon =
          item.kind === 'document'
            ? IconFileText
            : item.audio?.source === 'recording'
              ? IconMicrophone
              : IconFileMusic;
        const figures = item.audio
          ? fileFigures(item.audio.duration_s, item.audio.file_size_bytes)
          : t('kindDocument');
        return (
          <Paper component="li" key={item.id} withBorder radius="md" p="sm">
            <Group wrap="nowrap" gap="sm">
              <Icon size={22} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
              {/* The status sits under the title, at the start of the line: the dashboard's floating
                  button, at the end of the screen, never covers it. */}
              <Stack gap={6} align="flex-start" style={{ flex: 1, minWidth: 0 }}>
                <UnstyledButton
                  component={Link}
                  to={itemPath(item.id)}
                  w="100%"
                  aria-label={t('open', { title: item.title })}
                >
                  {/* Up to two lines on a phone, long words broken; the whole title on hover and for
                    screen readers (the link's label). */}
                  <Text
                    fw={600}
                    lineClamp={2}
                    title={item.title}
                    dir="auto"
                    style={{ overflowWrap: 'anywhere', textAlign: 'match-parent' }}
                  >
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {formatDateTime(new Date(item.created_at))} · {figures}
                  </Text>
                  {item.match && (
                    <Highlight
                      highlight={highlight}
                      size="sm"
                      mt={4}
                      lineClamp={2}
                      dir="auto"
                      style={{ textAlign: 'match-parent' }}
                      data-testid="search-match"
                    >
                      {item.match}
                    </Highlight>
                  )}
                </UnstyledButton>
                <Badge color={badge.color} variant="light" data-testid="item-status">
                  {badge.label}
                </Badge>
              </Stack>
              {onDelete && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('actions', { title: item.title })}
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => onDelete(item)}
                    >
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
