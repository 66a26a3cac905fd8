import { Alert, Anchor, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import {
  connectionsKey,
  listConnections,
  listPublications,
  publicationsKey,
  publishPiece,
} from './publishing-api.ts';

/** Publishing one language of a piece to a connected site: a draft or live, then its link. */
export function PublishBox({ contentId, language }: { contentId: string; language: string }) {
  const { t } = useTranslation('publishing');
  const client = useQueryClient();
  const connections = useQuery({ queryKey: connectionsKey, queryFn: listConnections });
  const publications = useQuery({
    queryKey: publicationsKey(contentId),
    queryFn: () => listPublications(contentId),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [status, setStatus] = useState<'draft' | 'publish'>('draft');
  const connectionId = chosen ?? connections.data?.[0]?.id ?? null;
  const earlier = publications.data?.find((p) => p.connection_id === connectionId && p.language === language);
  const publish = useMutation({
    mutationFn: () => publishPiece(contentId, { connection_id: connectionId ?? '', language, status }),
    onSuccess: () => client.invalidateQueries({ queryKey: publicationsKey(contentId) }),
  });
  if (connections.isPending) return <Text c="dimmed">{t('publish.loading')}</Text>;
  if (connections.error) return <Alert color="red">{loadErrorMessage(connections.error)}</Alert>;
  if (!connections.data.length)
    return (
      <Text size="sm" c="dimmed">
        {t('publish.none')}{' '}
        <Anchor component={Link} to="/settings/account#publishing">
          {t('publish.connect')}
        </Anchor>
      </Text>
    );
  const result = publish.data;
  const kinds = { wordpress: t('publish.platform.wordpress'), ghost: t('publish.platform.ghost') };
  const states = { draft: t('publish.state.draft'), publish: t('publish.state.publish') };
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('publish.site')}
          data={connections.data.map((c) => ({
            value: c.id,
            label: `${c.name} (${kinds[c.platform]})`,
          }))}
          value={connectionId}
          onChange={setChosen}
          allowDeselect={false}
          w={{ base: '100%', sm: 280 }}
        />
        <SegmentedControl
          aria-label={t('publish.status')}
          value={status}
          onChange={(v) => setStatus(v === 'publish' ? 'publish' : 'draft')}
          data={[
            { value: 'draft', label: t('publish.draft') },
            { value: 'publish', label: t('publish.live') },
          ]}
        />
        <Button onClick={() => publish.mutate()} loading={publish.isPending} disabled={!connectionId}>
          {earlier ? t('publish.update') : t('publish.publish')}
        </Button>
      </Group>
      {earlier && !result && (
        <Text size="sm" c="dimmed">
          {t('publish.already', { status: states[earlier.status] })}{' '}
          <Anchor href={earlier.remote_url} target="_blank" rel="noopener noreferrer">
            {t('publish.open')} <IconExternalLink size={12} aria-hidden />
          </Anchor>
        </Text>
      )}
      {result && (
        <Alert color="teal" role="status">
          {result.updated ? t('publish.updated') : t('publish.created')}{' '}
          <Anchor
            href={result.remote_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="published-link"
          >
            {result.remote_url}
          </Anchor>
        </Alert>
      )}
      {publish.error && (
        <Alert color="red" role="alert">
          {errorMessage(publish.error)}
        </Alert>
      )}
    </Stack>
  );
}
