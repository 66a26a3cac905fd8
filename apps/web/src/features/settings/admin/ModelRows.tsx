import { Badge, Table } from '@mantine/core';
import type { AdminModel } from '@voxpress/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatPercent } from '../../../i18n/format.ts';
import { downloadModel } from '../settings-api.ts';
import { ModelDownloadState } from './ModelDownload.tsx';

/**
 * The badges beside a model's name that say how it stands: chosen but not downloaded, chosen and
 * ready but not in use (an engine before it in the order serves), and the one fitting this machine.
 */
export function ModelBadges({ model, children }: { model: AdminModel; children?: ReactNode }) {
  const { t } = useTranslation('settings');
  return (
    <>
      {model.configured && model.state !== 'ready' && (
        <Badge size="xs" color="orange" variant="light">
          {t('admin.whisper.chosenMissing')}
        </Badge>
      )}
      {model.configured && model.state === 'ready' && !model.in_use && (
        <Badge size="xs" color="gray" variant="light">
          {t('admin.models.notInUse')}
        </Badge>
      )}
      {children}
      {model.recommended && (
        <Badge size="xs" color="grape" variant="light">
          {t('admin.models.recommended')}
        </Badge>
      )}
    </>
  );
}

/** The table every model list of Settings → Server shares: the model, then its state. */
export function ModelTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation('settings');
  return (
    <Table verticalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('admin.whisper.model')}</Table.Th>
          <Table.Th w="40%">{t('admin.whisper.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/**
 * A model's state, whatever its kind: in use or ready once on the server; downloading with its
 * live progress; else what is missing, a Download button and why the last download failed.
 */
export function ModelStateCell({
  model,
  onDone,
  extra,
  missing,
}: {
  model: AdminModel;
  onDone(): void;
  /** Another action on the model, shown beside its state (not while it downloads). */
  extra?: ReactNode;
  /** What to say while it is not downloaded; by default, that it is not and its size. */
  missing?: string;
}) {
  const { t } = useTranslation('settings');
  return (
    <ModelDownloadState
      model={{ name: model.name, downloaded: model.state === 'ready', download: model.download }}
      start={downloadModel}
      onDone={onDone}
      ready={
        model.in_use ? (
          <Badge color="teal">{t('admin.models.inUse')}</Badge>
        ) : (
          <Badge color="teal" variant="light">
            {t('admin.models.ready')}
          </Badge>
        )
      }
      missing={missing ?? t('admin.models.notDownloaded', { size: formatFileSize(model.bytes) })}
      progressLabel={(percent) => t('admin.models.downloading', { percent: formatPercent(percent / 100) })}
      failureLabel={(reason) => t('admin.models.failed', { reason })}
      extra={extra}
    />
  );
}
