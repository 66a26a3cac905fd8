import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminModel, Engines } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { formatFileSize } from '../../../i18n/format.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { enginesQuery } from '../../help/engines-api.ts';
import { SettingsSection } from '../SettingsSection.tsx';
import { languageNames, ModelBadges, ModelRow, ModelTable } from './ModelRows.tsx';
import { useAdminModels } from './use-admin-models.ts';

/** One embedding model: its size, memory, languages and licence, whether it is chosen, and its download. */
function EmbeddingModelRow({ model, onDone }: { model: AdminModel; onDone(): void }) {
  const { t } = useTranslation('settings');
  const size = formatFileSize(model.bytes);
  const licence = model.licence ?? t('admin.speakers.noLicence');
  return (
    <ModelRow
      model={model}
      testId={`embedding-model-${model.name}`}
      onDone={onDone}
      badges={
        <ModelBadges
          model={model}
          labels={{ notInUse: t('admin.embedding.notInUse'), recommended: t('admin.embedding.recommended') }}
        />
      }
    >
      <Text size="xs" c="dimmed">
        {model.ram_bytes === null
          ? t('admin.embedding.factsNoMemory', { size, licence })
          : t('admin.embedding.facts', { size, ram: formatFileSize(model.ram_bytes), licence })}
      </Text>
      {model.languages && model.languages.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('admin.embedding.languages', { languages: languageNames(model.languages) })}
        </Text>
      )}
    </ModelRow>
  );
}

/**
 * What finds passages by meaning now, as `/system/engines` reports it (an embeddings server comes
 * before the built-in model) and the models list names it; nothing until the engines answer.
 */
function Serving({ engines, models }: { engines: Engines | undefined; models: readonly AdminModel[] }) {
  const { t } = useTranslation('settings');
  if (!engines) return null;
  const active = engines.ports.find((p) => p.kind === 'embedder')?.active ?? null;
  const used = models.find((m) => m.in_use);
  return (
    <Text size="sm" data-testid="embedding-serving">
      {active === 'remote'
        ? t('admin.embedding.servingRemote')
        : active === 'builtin'
          ? used
            ? t('admin.embedding.servingModel', { name: used.name })
            : t('admin.embedding.servingFile')
          : t('admin.embedding.servingNone')}
    </Text>
  );
}

/**
 * The embedding models (administrator), with which Ask finds passages by meaning as well as by
 * words: each with its size, memory, languages, licence and state and a download with live
 * progress, how one is chosen (EMBEDDING_MODEL, or an embeddings server in EMBEDDING_BASE_URL)
 * and what serves now.
 */
export function EmbeddingModelsPanel() {
  const auth = useAuth();
  const engines = useQuery(enginesQuery(auth));
  return <EmbeddingModelsSection engines={engines.data} />;
}

/** The panel itself, given what `/system/engines` said (undefined until it answers). */
export function EmbeddingModelsSection({ engines }: { engines: Engines | undefined }) {
  const { t } = useTranslation('settings');
  const { query, refresh } = useAdminModels();
  const models = query.data?.models.filter((m) => m.kind === 'embedding') ?? [];
  return (
    <SettingsSection title={t('admin.embedding.title')} lead={t('admin.embedding.lead')}>
      {query.isPending ? (
        <Skeleton h={140} radius="md" aria-busy="true" />
      ) : query.isError ? (
        <ErrorState
          title={t('admin.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Stack gap={2}>
            <Serving engines={engines} models={models} />
            <Text size="sm" c="dimmed">
              {t('admin.embedding.choice')}
            </Text>
          </Stack>
          {models.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.embedding.empty')}
            </Text>
          ) : (
            <ModelTable>
              {models.map((m) => (
                <EmbeddingModelRow key={m.name} model={m} onDone={refresh} />
              ))}
            </ModelTable>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
