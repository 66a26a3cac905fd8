import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookEventType } from '@voxpress/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '../../i18n/format.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import {
  createWebhook,
  deleteWebhook,
  deliveriesKey,
  listDeliveries,
  listWebhooks,
  webhooksKey,
} from './publishing-api.ts';

/** The events in the order they are offered (the contract's list, without loading its schemas). */
const WEBHOOK_EVENTS: readonly WebhookEventType[] = [
  'transcript.completed',
  'content.completed',
  'images.completed',
];

function useEventLabels(): Record<WebhookEventType, string> {
  const { t } = useTranslation('publishing');
  return {
    'transcript.completed': t('webhooks.event.transcript'),
    'content.completed': t('webhooks.event.content'),
    'images.completed': t('webhooks.event.images'),
  };
}

/** Webhooks: add an address (its secret is shown once), see each delivery, remove. */
export function WebhooksSettings() {
  const { t } = useTranslation('publishing');
  const client = useQueryClient();
  const list = useQuery({ queryKey: webhooksKey, queryFn: listWebhooks });
  const eventLabels = useEventLabels();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...WEBHOOK_EVENTS]);
  const add = useMutation({
    mutationFn: () => createWebhook({ url: url.trim(), events: events as WebhookEventType[] }),
    onSuccess: () => {
      setUrl('');
      return client.invalidateQueries({ queryKey: webhooksKey });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="settings-webhooks">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="settings-webhooks">
            {t('webhooks.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('webhooks.lead')}
          </Text>
        </Stack>
        {list.isPending && <Text c="dimmed">{t('webhooks.loading')}</Text>}
        {list.error && <Alert color="red">{loadErrorMessage(list.error)}</Alert>}
        {list.data?.length === 0 && <Text c="dimmed">{t('webhooks.empty')}</Text>}
        {list.data?.map((hook) => (
          <WebhookRow key={hook.id} hook={hook} />
        ))}
        {add.data && (
          <Alert color="teal" role="status" title={t('webhooks.secretTitle')}>
            <Stack gap="xs">
              <Text size="sm">{t('webhooks.secretOnce')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
                  {add.data.secret}
                </Code>
                <CopyButton value={add.data.secret}>
                  {({ copied, copy }) => (
                    <Button size="compact-sm" variant="light" onClick={copy}>
                      {copied ? t('rendition.copied') : t('rendition.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs">{t('webhooks.signature')}</Text>
            </Stack>
          </Alert>
        )}
        <form onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              label={t('webhooks.url')}
              placeholder={t('webhooks.urlExample')}
              type="url"
              required
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
            />
            <Checkbox.Group label={t('webhooks.events')} value={events} onChange={setEvents}>
              <Group gap="md" mt={4}>
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={eventLabels[e]} />
                ))}
              </Group>
            </Checkbox.Group>
            {add.error && (
              <Alert color="red" role="alert">
                {errorMessage(add.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={add.isPending} disabled={!events.length}>
                {t('webhooks.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const { t } = useTranslation('publishing');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const eventLabels = useEventLabels();
  const deliveries = useQuery({
    queryKey: deliveriesKey(hook.id),
    queryFn: () => listDeliveries(hook.id),
    enabled: open,
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(hook.id),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
  const time = new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {hook.url}
          </Text>
          <Text size="sm" c="dimmed">
            {hook.events.map((e) => eventLabels[e]).join(' · ')}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? t('webhooks.hideLog') : t('webhooks.showLog')}
          </Button>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('webhooks.remove', { url: hook.url })}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {open && (
        <Table.ScrollContainer minWidth={480}>
          {deliveries.isPending && <Text c="dimmed">{t('webhooks.loading')}</Text>}
          {deliveries.data?.length === 0 && <Text c="dimmed">{t('webhooks.noDeliveries')}</Text>}
          {!!deliveries.data?.length && (
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.log.time')}</Table.Th>
                  <Table.Th>{t('webhooks.log.event')}</Table.Th>
                  <Table.Th>{t('webhooks.log.attempt')}</Table.Th>
                  <Table.Th>{t('webhooks.log.status')}</Table.Th>
                  <Table.Th>{t('webhooks.log.answer')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.flatMap((d) =>
                  d.attempts.map((a) => (
                    <Table.Tr key={`${d.id}-${a.attempt}`}>
                      <Table.Td>{time.format(new Date(a.at))}</Table.Td>
                      <Table.Td>{eventLabels[d.event]}</Table.Td>
                      <Table.Td>{a.attempt}</Table.Td>
                      <Table.Td>
                        <Badge color={a.error ? 'red' : 'teal'} variant="light">
                          {a.error ? t('webhooks.log.failed') : t('webhooks.log.delivered')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{a.status_code ?? a.error}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          )}
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
