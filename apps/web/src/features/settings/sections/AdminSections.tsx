import {
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, LlmProviderId } from '@voxpress/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { FormError } from '../../account/FormError.tsx';
import { CLIENT_CONFIG_KEY } from '../../auth/auth-api.ts';
import { EnginesStatus } from '../../help/EnginesStatus.tsx';
import { providerWords, sourceLabel } from '../labels.ts';
import { SettingsSection } from '../SettingsSection.tsx';
import { ADMIN_SETTINGS_KEY, fetchAdminSettings, saveAdminSettings, testLlm } from '../settings-api.ts';

function useAdminSettings() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: fetchAdminSettings });
  const save = useMutation({
    mutationFn: saveAdminSettings,
    onSuccess: (next) => {
      queryClient.setQueryData(ADMIN_SETTINGS_KEY, next);
      // The upload limit reaches the upload form through the client configuration.
      void queryClient.invalidateQueries({ queryKey: CLIENT_CONFIG_KEY });
      notifications.show({ color: 'teal', message: i18n.t('settings:saved') });
    },
  });
  return { query, save };
}

function Loading() {
  return <Skeleton h={120} radius="md" />;
}

/** Who may sign up, and how much audio each account may keep. */
export function AccessSection() {
  const { t } = useTranslation('settings');
  const { query, save } = useAdminSettings();
  const [quota, setQuota] = useState<number | string>(0);
  const [maxUpload, setMaxUpload] = useState<number | string>(100);
  useEffect(() => {
    if (query.data) {
      setQuota(query.data.storage_quota_mb);
      setMaxUpload(query.data.max_upload_mb);
    }
  }, [query.data]);
  return (
    <SettingsSection title={t('admin.access.title')} lead={t('admin.access.lead')}>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState
          title={t('admin.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Switch
            label={t('admin.access.signups')}
            description={sourceLabel(t, query.data.signups_source)}
            checked={query.data.signups_open}
            onChange={(e) => save.mutate({ signups_open: e.currentTarget.checked })}
          />
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('admin.access.quota')}
              description={t('admin.access.quotaHint')}
              min={0}
              step={1024}
              allowDecimal={false}
              value={quota}
              onChange={setQuota}
              suffix=" MB"
              w={240}
            />
            <Button
              variant="light"
              onClick={() => save.mutate({ storage_quota_mb: Number(quota) || 0 })}
              loading={save.isPending}
            >
              {t('save')}
            </Button>
          </Group>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('admin.access.maxUpload')}
              description={`${
                query.data.storage_free_mb === null
                  ? t('admin.access.maxUploadHint')
                  : t('admin.access.maxUploadHintFree', { free: query.data.storage_free_mb })
              } ${sourceLabel(t, query.data.max_upload_source)}`}
              min={1}
              max={query.data.storage_free_mb ?? undefined}
              step={100}
              allowDecimal={false}
              value={maxUpload}
              onChange={setMaxUpload}
              suffix=" MB"
              w={240}
            />
            <Button
              variant="light"
              onClick={() => save.mutate({ max_upload_mb: Math.max(1, Number(maxUpload) || 1) })}
              loading={save.isPending}
            >
              {t('save')}
            </Button>
          </Group>
          <FormError error={save.error} />
        </Stack>
      )}
    </SettingsSection>
  );
}

/** One provider's address, model and key, with its connection test. */
function ProviderForm({ provider, settings }: { provider: LlmProviderId; settings: AdminSettings }) {
  const { t } = useTranslation('settings');
  const { save } = useAdminSettings();
  const current = settings.llm[provider];
  const [baseUrl, setBaseUrl] = useState(current.base_url ?? '');
  const [model, setModel] = useState(current.model ?? '');
  const [key, setKey] = useState('');
  const test = useMutation({ mutationFn: testLlm });
  useEffect(() => {
    setBaseUrl(current.base_url ?? '');
    setModel(current.model ?? '');
  }, [current.base_url, current.model]);
  const keyed = provider !== 'ollama';
  const words = providerWords(t, provider);
  return (
    <Stack gap="sm" pt="md">
      <Text size="sm" c="dimmed">
        {words.lead} {sourceLabel(t, current.source)}
      </Text>
      <TextInput
        label={t('admin.llm.baseUrl')}
        placeholder={words.placeholder}
        value={baseUrl}
        onChange={(e) => setBaseUrl(e.currentTarget.value)}
      />
      <TextInput
        label={t('admin.llm.model')}
        value={model}
        onChange={(e) => setModel(e.currentTarget.value)}
      />
      {keyed && (
        <PasswordInput
          label={t('admin.llm.key')}
          description={current.api_key_set ? t('admin.llm.keySet') : t('admin.llm.keyUnset')}
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.currentTarget.value)}
        />
      )}
      <FormError error={save.error ?? test.error} />
      {test.data && (
        <Text size="sm" c={test.data.ok ? 'teal' : 'red'} role="status">
          {test.data.ok
            ? t('admin.llm.models', { count: test.data.models.length, models: test.data.models.join(', ') })
            : test.data.error}
        </Text>
      )}
      <Group gap="xs">
        <Button
          onClick={() =>
            save.mutate(
              {
                llm: {
                  [provider]: {
                    base_url: baseUrl.trim() || null,
                    model: model.trim() || null,
                    ...(key ? { api_key: key } : {}),
                  },
                },
              },
              { onSuccess: () => setKey('') },
            )
          }
          loading={save.isPending}
        >
          {t('save')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlugConnected size={16} />}
          onClick={() =>
            test.mutate({
              provider,
              ...(baseUrl.trim() ? { base_url: baseUrl.trim() } : {}),
              ...(key ? { api_key: key } : {}),
            })
          }
          loading={test.isPending}
        >
          {t('admin.llm.test')}
        </Button>
        {current.source === 'saved' && (
          <Button
            variant="subtle"
            color="gray"
            onClick={() =>
              save.mutate({ llm: { [provider]: { base_url: null, model: null, api_key: null } } })
            }
          >
            {t('admin.llm.reset')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The language models that write and translate: address, model and key per provider. */
export function LlmSection() {
  const { t } = useTranslation('settings');
  const { query } = useAdminSettings();
  return (
    <SettingsSection title={t('admin.llm.title')} lead={t('admin.llm.lead')}>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState
          title={t('admin.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Tabs defaultValue="openai" keepMounted={false}>
          <Tabs.List>
            {(['openai', 'anthropic', 'ollama'] as const).map((p) => (
              <Tabs.Tab key={p} value={p}>
                {providerWords(t, p).name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {(['openai', 'anthropic', 'ollama'] as const).map((p) => (
            <Tabs.Panel key={p} value={p}>
              <ProviderForm provider={p} settings={query.data} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </SettingsSection>
  );
}

/** What each engine kind uses, what is missing and how to enable it. */
export function EnginesSection() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection title={t('admin.engines.title')} lead={t('admin.engines.lead')}>
      <EnginesStatus />
    </SettingsSection>
  );
}
