import { Badge, Skeleton, Stack, Text } from '@mantine/core';
import type { AdminModel, AdminModels } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { formatFileSize, formatNumber } from '../../../i18n/format.ts';
import { SettingsSection } from '../SettingsSection.tsx';
import { languageNames, ModelBadges, ModelRow, ModelTable } from './ModelRows.tsx';
import { useAdminModels } from './use-admin-models.ts';

/** One built-in language model: what it needs and offers, whether it is chosen, and its download. */
function LanguageModelRow({
  model,
  setting,
  onDone,
}: {
  model: AdminModel;
  /** LLM_LOCAL_MODEL as set (null: the server picked the model). */
  setting: string | null;
  onDone(): void;
}) {
  const { t } = useTranslation('settings');
  return (
    <ModelRow
      model={model}
      testId={`language-model-${model.name}`}
      onDone={onDone}
      badges={
        <ModelBadges model={model}>
          {model.configured && setting !== null && (
            <Badge size="xs" variant="outline">
              {t('admin.models.setting')}
            </Badge>
          )}
        </ModelBadges>
      }
    >
      <Text size="xs" c="dimmed">
        {t('admin.models.facts', {
          size: formatFileSize(model.bytes),
          ram: formatFileSize(model.ram_bytes ?? 0),
          tokens: formatNumber(model.context_tokens ?? 0),
          licence: model.licence ?? '',
        })}
      </Text>
      {model.languages && model.languages.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('admin.models.languages', { languages: languageNames(model.languages) })}
        </Text>
      )}
    </ModelRow>
  );
}

/** Which model runs, and which would fit this machine. */
function Choice({ language }: { language: NonNullable<AdminModels['language']> }) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap={2}>
      <Text size="sm">
        {language.setting === null
          ? t('admin.models.chosen', { name: language.model })
          : t('admin.models.set', { name: language.setting })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('admin.models.hardware', {
          memory: formatFileSize(language.free_memory_bytes),
          cores: formatNumber(language.cores),
          name: language.recommended,
        })}
      </Text>
    </Stack>
  );
}

/**
 * The built-in language models (administrator): each with its size, memory, context, languages,
 * licence and state, a download with live progress, the one that runs and the one that fits.
 */
export function LanguageModelsPanel() {
  const { t } = useTranslation('settings');
  const { query, refresh } = useAdminModels();
  const models = query.data?.models.filter((m) => m.kind === 'language') ?? [];
  return (
    <SettingsSection title={t('admin.models.title')} lead={t('admin.models.lead')}>
      {query.isPending ? (
        <Skeleton h={160} radius="md" aria-busy="true" />
      ) : query.isError ? (
        <ErrorState
          title={t('admin.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="md">
          {query.data.language ? (
            <Choice language={query.data.language} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('admin.models.off')}
            </Text>
          )}
          {models.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.models.empty')}
            </Text>
          ) : (
            <ModelTable>
              {models.map((m) => (
                <LanguageModelRow
                  key={m.name}
                  model={m}
                  setting={query.data.language?.setting ?? null}
                  onDone={refresh}
                />
              ))}
            </ModelTable>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
