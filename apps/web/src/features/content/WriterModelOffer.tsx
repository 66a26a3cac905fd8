import { Alert, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Engines } from '@voxpress/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatPercent } from '../../i18n/format.ts';
import { type AuthState, useAuth } from '../auth/auth-context.tsx';
import { ENGINES_KEY, enginesQuery } from '../help/engines-api.ts';
import { ModelDownloadState } from '../settings/admin/ModelDownload.tsx';
import { ADMIN_MODELS_KEY, downloadModel, fetchAdminModels } from '../settings/settings-api.ts';

/** The writers that are language models (the built-in composer is not one). */
const LANGUAGE_MODEL_WRITERS = new Set(['openai', 'anthropic', 'ollama', 'local']);

/**
 * Whether no language model is ready to write, and the built-in one could be: the writer that
 * serves is the composer (or none), and the built-in model is among the writers.
 */
export function needsWriterModel(engines: Engines): boolean {
  const writer = engines.ports.find((p) => p.kind === 'writer');
  if (!writer) return false;
  if (writer.active !== null && LANGUAGE_MODEL_WRITERS.has(writer.active)) return false;
  const local = writer.implementations.find((i) => i.id === 'local');
  return local !== undefined && local.state !== 'disabled' && local.model?.state !== 'downloaded';
}

/** The offer for whoever is signed in: see `WriterModelOffer`. */
export function WriterModelOfferFor({ auth }: { auth: Pick<AuthState, 'status' | 'user'> }) {
  const { t } = useTranslation('content');
  const { t: tSettings } = useTranslation('settings');
  const queryClient = useQueryClient();
  const engines = useQuery(enginesQuery(auth));
  const isAdmin = auth.user?.is_admin === true;
  const needed = engines.data !== undefined && needsWriterModel(engines.data);
  const models = useQuery({
    queryKey: ADMIN_MODELS_KEY,
    queryFn: fetchAdminModels,
    enabled: isAdmin && needed,
  });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_MODELS_KEY });
    void queryClient.invalidateQueries({ queryKey: ENGINES_KEY });
  }, [queryClient]);
  if (!needed) return null;
  if (!isAdmin)
    return (
      <Text size="sm" c="dimmed" data-testid="writer-model-offer">
        {t('writerOffer.user')}
      </Text>
    );
  const name = models.data?.language?.model;
  const model = models.data?.models.find((m) => m.kind === 'language' && m.name === name);
  // A model named by its file path cannot be downloaded from here.
  if (!model) return null;
  return (
    <Alert
      variant="light"
      color="grape"
      icon={<IconSparkles size={20} aria-hidden />}
      title={t('writerOffer.title')}
      data-testid="writer-model-offer"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('writerOffer.admin', { name: model.name, size: formatFileSize(model.bytes) })}
        </Text>
        <ModelDownloadState
          model={{ name: model.name, downloaded: model.state === 'ready', download: model.download }}
          start={downloadModel}
          onDone={refresh}
          ready={<Text size="sm">{tSettings('admin.models.ready')}</Text>}
          progressLabel={(percent) =>
            tSettings('admin.models.downloading', { percent: formatPercent(percent / 100) })
          }
          failureLabel={(reason) => tSettings('admin.models.failed', { reason })}
        />
      </Stack>
    </Alert>
  );
}

/**
 * Offered where content is written, when no language model is ready: the administrator can start
 * the built-in model's download right there and follow it; anyone else is told to ask the
 * administrator. Renders nothing while a language model writes, or when the built-in one is off.
 */
export function WriterModelOffer() {
  const auth = useAuth();
  return <WriterModelOfferFor auth={auth} />;
}
