import { Badge, Group, Table, Text } from '@mantine/core';
import type { AdminModel } from '@voxpress/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, formatLocale, formatPercent } from '../../../i18n/format.ts';
import { downloadModel } from '../settings-api.ts';
import { ModelDownloadState } from './ModelDownload.tsx';

/** Language names in the interface language, as the browser writes them; the code where it cannot. */
export function languageNames(codes: readonly string[]): string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([formatLocale()], { type: 'language' });
  } catch {
    names = null;
  }
  return codes.map((c) => names?.of(c) ?? c).join(', ');
}

/**
 * The badges beside a model's name that say how it stands: chosen but not downloaded, chosen and
 * ready but not in use (an engine before it in the order serves), and the one fitting this machine.
 * `labels` words the last two for a kind of model that needs it.
 */
export function ModelBadges({
  model,
  labels,
  children,
}: {
  model: AdminModel;
  labels?: { notInUse?: string; recommended?: string };
  children?: ReactNode;
}) {
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
          {labels?.notInUse ?? t('admin.models.notInUse')}
        </Badge>
      )}
      {children}
      {model.recommended && (
        <Badge size="xs" color="grape" variant="light">
          {labels?.recommended ?? t('admin.models.recommended')}
        </Badge>
      )}
    </>
  );
}

/**
 * One model's row in any list of Settings → Server: its name with its badges and, below, what it
 * is (`children`, dimmed lines); then its state and download.
 */
export function ModelRow({
  model,
  testId,
  badges,
  missing,
  onDone,
  children,
}: {
  model: AdminModel;
  testId: string;
  /** The badges beside the name (`ModelBadges`, with what the kind adds). */
  badges: ReactNode;
  /** What to say while it is not downloaded (`ModelStateCell`). */
  missing?: string;
  onDone(): void;
  children?: ReactNode;
}) {
  return (
    <Table.Tr data-testid={testId}>
      <Table.Td>
        <Group gap={6}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {model.name}
          </Text>
          {badges}
        </Group>
        {children}
      </Table.Td>
      <Table.Td w="40%" miw={150}>
        <ModelStateCell model={model} onDone={onDone} missing={missing} />
      </Table.Td>
    </Table.Tr>
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
