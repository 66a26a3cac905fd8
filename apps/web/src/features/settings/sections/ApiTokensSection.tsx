import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, ApiTokenScope } from '@voxpress/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../i18n/format.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../account/api-tokens-api.ts';
import { FormError } from '../../account/FormError.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

const TOKENS_KEY = ['api-tokens'] as const;
const EXPIRIES = { never: 0, d30: 30, d90: 90, y1: 365 } as const;
type Expiry = keyof typeof EXPIRIES;

/** Personal access tokens for scripts: make one (shown once), see when each was last used, revoke. */
export function ApiTokensSection() {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const list = useQuery({ queryKey: TOKENS_KEY, queryFn: listApiTokens });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<Expiry>('d90');
  const create = useMutation({
    mutationFn: () => {
      const days = EXPIRIES[expiry];
      return createApiToken({
        name: name.trim(),
        scopes,
        expires_at: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
      });
    },
    onSuccess: () => {
      setName('');
      return client.invalidateQueries({ queryKey: TOKENS_KEY });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => client.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const tokens = list.data?.tokens;
  return (
    <SettingsSection title={t('apiTokens.title')} lead={t('apiTokens.lead')}>
      <FormError error={list.error ?? revoke.error} />
      {tokens?.length === 0 && <Text c="dimmed">{t('apiTokens.empty')}</Text>}
      {tokens?.map((token) => (
        <TokenRow
          key={token.id}
          token={token}
          onRevoke={() => revoke.mutate(token.id)}
          revoking={revoke.isPending && revoke.variables === token.id}
        />
      ))}
      {create.data && (
        <Alert color="teal" role="status" title={t('apiTokens.createdTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('apiTokens.once')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }} data-testid="api-token">
                {create.data.token}
              </Code>
              <CopyButton value={create.data.token}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" onClick={copy}>
                    {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label={t('apiTokens.name')}
            placeholder={t('apiTokens.nameExample')}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Checkbox.Group
            label={t('apiTokens.scopes')}
            value={scopes}
            onChange={(v) => setScopes(v as ApiTokenScope[])}
          >
            <Stack gap={6} mt={4}>
              <Checkbox value="read" label={t('apiTokens.read')} />
              <Checkbox value="write" label={t('apiTokens.write')} />
            </Stack>
          </Checkbox.Group>
          <Select
            label={t('apiTokens.expiry')}
            value={expiry}
            onChange={(v) => v && setExpiry(v as Expiry)}
            allowDeselect={false}
            data={[
              { value: 'd30', label: t('apiTokens.d30') },
              { value: 'd90', label: t('apiTokens.d90') },
              { value: 'y1', label: t('apiTokens.y1') },
              { value: 'never', label: t('apiTokens.never') },
            ]}
          />
          <FormError error={create.error} />
          <Group>
            <Button
              type="submit"
              leftSection={<IconKey size={16} />}
              loading={create.isPending}
              disabled={!scopes.length || !name.trim()}
            >
              {t('apiTokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

function TokenRow({
  token,
  onRevoke,
  revoking,
}: {
  token: ApiToken;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Code>{token.prefix}…</Code>
          {token.scopes.map((s) => (
            <Badge key={s} variant="light" size="sm">
              {s === 'read' ? t('apiTokens.readShort') : t('apiTokens.writeShort')}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('apiTokens.createdOn', { date: formatDate(new Date(token.created_at)) })}
          {' · '}
          {token.expires_at
            ? t('apiTokens.expiresOn', { date: formatDate(new Date(token.expires_at)) })
            : t('apiTokens.noExpiry')}
          {' · '}
          {token.last_used_at
            ? t('apiTokens.lastUsed', { date: formatDateTime(new Date(token.last_used_at)) })
            : t('apiTokens.neverUsed')}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        leftSection={<IconTrash size={14} />}
        onClick={onRevoke}
        loading={revoking}
        aria-label={t('apiTokens.revokeNamed', { name: token.name })}
      >
        {t('apiTokens.revoke')}
      </Button>
    </Group>
  );
}
