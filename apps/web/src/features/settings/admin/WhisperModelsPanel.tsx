import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminModel, WhisperModelSetting } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { formatFileSize } from '../../../i18n/format.ts';
import { FormError } from '../../account/FormError.tsx';
import { SettingsSection } from '../SettingsSection.tsx';
import { chooseWhisperModel, fetchWhisperSetting, WHISPER_SETTING_KEY } from '../settings-api.ts';
import { ModelBadges, ModelStateCell, ModelTable } from './ModelRows.tsx';
import { useAdminModels } from './use-admin-models.ts';

/** The catalogue's families, each with its note on speed and quality (`.en`: the same, English only). */
const NOTES = [
  'tiny',
  'base',
  'small',
  'medium',
  'large-v3-turbo-q5_0',
  'large-v3-turbo',
  'large-v3',
] as const;
type Family = (typeof NOTES)[number];

function familyOf(name: string): Family | null {
  const family = name.replace(/\.en$/, '');
  return (NOTES as readonly string[]).includes(family) ? (family as Family) : null;
}

/** One whisper model: its note, size and memory, how it stands, its download and the choice of it. */
function WhisperModelRow({
  model,
  onDone,
  choose,
  choosing,
}: {
  model: AdminModel;
  onDone(): void;
  choose(name: string): void;
  choosing: boolean;
}) {
  const { t } = useTranslation('settings');
  const family = familyOf(model.name);
  const languages = model.name.endsWith('.en') ? t('admin.whisper.english') : t('admin.whisper.multilingual');
  const notes: Record<Family, string> = {
    tiny: t('admin.whisper.notes.tiny'),
    base: t('admin.whisper.notes.base'),
    small: t('admin.whisper.notes.small'),
    medium: t('admin.whisper.notes.medium'),
    'large-v3-turbo-q5_0': t('admin.whisper.notes.large-v3-turbo-q5_0'),
    'large-v3-turbo': t('admin.whisper.notes.large-v3-turbo'),
    'large-v3': t('admin.whisper.notes.large-v3'),
  };
  return (
    <Table.Tr data-testid={`speech-model-${model.name}`}>
      <Table.Td>
        <Group gap={6}>
          <Text fw={600} size="sm">
            {model.name}
          </Text>
          <ModelBadges model={model} />
        </Group>
        <Text size="xs" c="dimmed">
          {family ? `${notes[family]} · ${languages}` : t('admin.whisper.own')}
        </Text>
        <Text size="xs" c="dimmed">
          {model.ram_bytes === null
            ? t('admin.whisper.factsNoMemory', { size: formatFileSize(model.bytes) })
            : t('admin.whisper.facts', {
                size: formatFileSize(model.bytes),
                ram: formatFileSize(model.ram_bytes),
              })}
        </Text>
      </Table.Td>
      <Table.Td w="40%" miw={150}>
        <ModelStateCell
          model={model}
          onDone={onDone}
          extra={
            model.configured ? null : (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => choose(model.name)}
                disabled={choosing}
                aria-label={t('admin.whisper.useNamed', { name: model.name })}
              >
                {t('admin.whisper.use')}
              </Button>
            )
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** Which model transcribes, where that choice comes from, and the way back to the default. */
function Choice({
  setting,
  inUse,
  reset,
  choosing,
}: {
  setting: WhisperModelSetting;
  /** Whether whisper does the transcribing now (no other speech engine comes first). */
  inUse: boolean;
  reset(): void;
  choosing: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap={4}>
      <Text size="sm">
        {setting.source === 'saved'
          ? t('admin.whisper.runs.saved', { name: setting.model })
          : setting.source === 'environment'
            ? t('admin.whisper.runs.environment', { name: setting.model })
            : t('admin.whisper.runs.hardware', { name: setting.model })}
      </Text>
      {setting.downloaded && !inUse && (
        <Text size="sm" c="dimmed">
          {t('admin.whisper.notInUse')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {setting.auto_download ? t('admin.whisper.hintAuto') : t('admin.whisper.hintManual')}
      </Text>
      {setting.source === 'saved' && (
        <Group>
          <Button size="xs" variant="light" onClick={reset} loading={choosing}>
            {t('admin.whisper.useDefault', { name: setting.default_model })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The whisper models (administrator): each with its note on speed and quality, size, memory and
 * state, the one in use and the one fitting this machine; a download with live progress, and the
 * choice of the model to transcribe with (PUT /admin/models/whisper), applied without a restart.
 */
export function WhisperModelsPanel() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  // The setting's key sits under the models' key: a refresh reads both again.
  const { query: models, refresh } = useAdminModels();
  const setting = useQuery({ queryKey: WHISPER_SETTING_KEY, queryFn: fetchWhisperSetting });
  const choose = useMutation({
    mutationFn: chooseWhisperModel,
    onSuccess: (next) => {
      queryClient.setQueryData(WHISPER_SETTING_KEY, next);
      refresh();
    },
  });
  const speech = models.data?.models.filter((m) => m.kind === 'speech') ?? [];
  const failed = models.error ?? setting.error;
  return (
    <SettingsSection title={t('admin.whisper.title')} lead={t('admin.whisper.lead')}>
      {models.isPending || setting.isPending ? (
        <Skeleton h={160} radius="md" aria-busy="true" />
      ) : failed ? (
        <ErrorState
          title={t('admin.loadFailed')}
          message={failed.message}
          onRetry={() => {
            void models.refetch();
            void setting.refetch();
          }}
        />
      ) : (
        <Stack gap="md">
          {setting.data && (
            <Choice
              setting={setting.data}
              inUse={speech.some((m) => m.in_use)}
              reset={() => choose.mutate(null)}
              choosing={choose.isPending}
            />
          )}
          <FormError error={choose.error} />
          {speech.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.whisper.empty')}
            </Text>
          ) : (
            <ModelTable>
              {speech.map((m) => (
                <WhisperModelRow
                  key={m.name}
                  model={m}
                  onDone={refresh}
                  choose={(name) => choose.mutate(name)}
                  choosing={choose.isPending}
                />
              ))}
            </ModelTable>
          )}
        </Stack>
      )}
    </SettingsSection>
  );
}
