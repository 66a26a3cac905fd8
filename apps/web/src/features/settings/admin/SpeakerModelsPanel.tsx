import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminModel, Engines } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { formatFileSize } from '../../../i18n/format.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { enginesQuery } from '../../help/engines-api.ts';
import { SettingsSection } from '../SettingsSection.tsx';
import { ModelBadges, ModelRow, ModelTable } from './ModelRows.tsx';
import { useAdminModels } from './use-admin-models.ts';

/** One of the two speaker models: what it does, its size (when known) and licence, and its download. */
function SpeakerModelRow({ model, onDone }: { model: AdminModel; onDone(): void }) {
  const { t } = useTranslation('settings');
  // The publisher states no size for some files: it is known once the download has begun.
  const size = model.bytes > 0 ? formatFileSize(model.bytes) : t('admin.speakers.sizeUnknown');
  const licence = model.licence ?? t('admin.speakers.noLicence');
  return (
    <ModelRow
      model={model}
      testId={`speaker-model-${model.name}`}
      onDone={onDone}
      badges={<ModelBadges model={model} />}
      missing={t('admin.speakers.notDownloaded', { size })}
    >
      <Text size="xs" c="dimmed">
        {/segmentation/i.test(model.name) ? t('admin.speakers.segmentation') : t('admin.speakers.embedding')}
      </Text>
      <Text size="xs" c="dimmed">
        {model.bytes > 0
          ? t('admin.speakers.facts', { size, licence })
          : t('admin.speakers.licenceOnly', { licence })}
      </Text>
    </ModelRow>
  );
}

/** Which diarizer tells speakers apart now, as `/system/engines` reports it. */
function Serving({ engines }: { engines: Engines | undefined }) {
  const { t } = useTranslation('settings');
  if (!engines) return null;
  const active = engines.ports.find((p) => p.kind === 'diarizer')?.active ?? null;
  return (
    <Text size="sm" data-testid="speaker-serving">
      {active === 'sherpa'
        ? t('admin.speakers.servingModels')
        : active === 'builtin'
          ? t('admin.speakers.servingBuiltin')
          : t('admin.speakers.servingNone')}
    </Text>
  );
}

/**
 * Speaker detection (administrator): the two sherpa-onnx models that tell voices apart, each with
 * its size, licence and state and a download with live progress, and which separator serves now
 * (the built-in one until both models are on the server).
 */
export function SpeakerModelsPanel() {
  const auth = useAuth();
  const engines = useQuery(enginesQuery(auth));
  return <SpeakerModelsSection engines={engines.data} />;
}

/** The panel itself, given what `/system/engines` said (undefined until it answers). */
export function SpeakerModelsSection({ engines }: { engines: Engines | undefined }) {
  const { t } = useTranslation('settings');
  const { query, refresh } = useAdminModels();
  const models = query.data?.models.filter((m) => m.kind === 'speakers') ?? [];
  return (
    <SettingsSection title={t('admin.speakers.title')} lead={t('admin.speakers.lead')}>
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
          <Serving engines={engines} />
          {models.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.speakers.empty')}
            </Text>
          ) : (
            <ModelTable>
              {models.map((m) => (
                <SpeakerModelRow key={m.name} model={m} onDone={refresh} />
              ))}
            </ModelTable>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
