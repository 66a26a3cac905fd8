import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ConnectionCreate, PUBLISHER_PLATFORMS, type PublisherPlatform } from '@voxpress/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { connectionsKey, createConnection, deleteConnection, listConnections } from './publishing-api.ts';

/** The sites this user publishes to: add WordPress or Ghost (checked first), list, remove. */
export function ConnectionsSettings() {
  const { t } = useTranslation('publishing');
  const client = useQueryClient();
  const list = useQuery({ queryKey: connectionsKey, queryFn: listConnections });
  const [platform, setPlatform] = useState<PublisherPlatform>('wordpress');
  const platformLabels: Record<PublisherPlatform, string> = {
    wordpress: t('publish.platform.wordpress'),
    ghost: t('publish.platform.ghost'),
  };
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [secret, setSecret] = useState('');
  const add = useMutation({
    mutationFn: (body: ConnectionCreate) => createConnection(body),
    onSuccess: () => {
      setUrl('');
      setUsername('');
      setSecret('');
      return client.invalidateQueries({ queryKey: connectionsKey });
    },
  });
  const remove = useMutation({
    mutationFn: deleteConnection,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionsKey }),
  });
  const kinds = { wordpress: t('publish.platform.wordpress'), ghost: t('publish.platform.ghost') };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      platform === 'wordpress'
        ? { platform, url: url.trim(), username: username.trim(), app_password: secret.trim() }
        : { platform, url: url.trim(), admin_api_key: secret.trim() },
    );
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="settings-connections"
      id="publishing"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="settings-connections">
            {t('connections.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('connections.lead')}
          </Text>
        </Stack>
        {list.isPending && <Text c="dimmed">{t('connections.loading')}</Text>}
        {list.error && <Alert color="red">{loadErrorMessage(list.error)}</Alert>}
        {list.data?.length === 0 && <Text c="dimmed">{t('connections.empty')}</Text>}
        {list.data?.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {c.name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {kinds[c.platform]} · {c.url}
              </Text>
            </Stack>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('connections.remove', { name: c.name })}
              loading={remove.isPending && remove.variables === c.id}
              onClick={() => remove.mutate(c.id)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <form onSubmit={submit}>
          <Stack gap="sm">
            <SegmentedControl
              aria-label={t('connections.platform')}
              value={platform}
              onChange={(v) => setPlatform(PUBLISHER_PLATFORMS.find((p) => p === v) ?? 'wordpress')}
              data={PUBLISHER_PLATFORMS.map((p) => ({ value: p, label: platformLabels[p] }))}
            />
            <TextInput
              label={t('connections.url')}
              placeholder={t('connections.urlExample')}
              type="url"
              required
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
            />
            {platform === 'wordpress' && (
              <TextInput
                label={t('connections.username')}
                required
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                autoComplete="off"
              />
            )}
            <PasswordInput
              label={platform === 'wordpress' ? t('connections.appPassword') : t('connections.adminKey')}
              description={
                platform === 'wordpress' ? t('connections.appPasswordHelp') : t('connections.adminKeyHelp')
              }
              required
              value={secret}
              onChange={(e) => setSecret(e.currentTarget.value)}
              autoComplete="off"
            />
            {add.error && (
              <Alert color="red" role="alert">
                {errorMessage(add.error)}
              </Alert>
            )}
            {add.isSuccess && (
              <Alert color="teal" role="status">
                {t('connections.added', { name: add.data.name })}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={add.isPending}>
                {t('connections.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
