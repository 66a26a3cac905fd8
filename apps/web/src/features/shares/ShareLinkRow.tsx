import { ActionIcon, Badge, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconTrash } from '@tabler/icons-react';
import type { Share } from '@voxpress/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { absoluteShareUrl } from './shares-api.ts';

/** One link in force: its address to copy or open, its dates, and revoke. */
export function ShareLinkRow({
  share,
  heading,
  revokeLabel,
  onRevoke,
  revoking,
}: {
  share: Share;
  heading?: ReactNode;
  revokeLabel: string;
  onRevoke(): void;
  revoking: boolean;
}) {
  const { t } = useTranslation('items');
  const url = share.url ? absoluteShareUrl(share.url) : null;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="share-link">
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        {heading}
        {url ? (
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" ff="monospace" truncate="end" style={{ minWidth: 0 }} data-testid="share-url">
              {url}
            </Text>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('share.copied') : t('share.copy')}>
                  <ActionIcon
                    variant="subtle"
                    onClick={copy}
                    aria-label={copied ? t('share.copied') : t('share.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Tooltip label={t('share.open')}>
              <ActionIcon
                component="a"
                href={url}
                target="_blank"
                rel="noreferrer"
                variant="subtle"
                aria-label={t('share.open')}
              >
                <IconExternalLink size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('share.tokenLost')}
          </Text>
        )}
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('share.createdOn', { date: formatDate(new Date(share.created_at)) })}
            {' · '}
            {share.expires_at
              ? t('share.expiresOn', { date: formatDate(new Date(share.expires_at)) })
              : t('share.noExpiry')}
          </Text>
          {share.allow_indexing && (
            <Badge size="xs" variant="light" color="grape">
              {t('share.indexable')}
            </Badge>
          )}
        </Group>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={14} />}
        onClick={onRevoke}
        loading={revoking}
        aria-label={revokeLabel}
      >
        {t('share.revoke')}
      </Button>
    </Group>
  );
}
