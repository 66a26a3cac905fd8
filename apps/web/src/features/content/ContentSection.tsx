import { Alert, Button, Group, Loader, Progress, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLoader2, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Content, EnhanceResponse, Item } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/PageState.tsx';
import { contentTypeLabel } from '../../i18n/terms.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { ItemSectionFrame } from '../items/ItemSectionFrame.tsx';
import { getItemText, itemTextKey } from '../items/items-api.ts';
import { ContentViewer } from './ContentViewer.tsx';
import { contentKey, sourceContentKey } from './content-api.ts';
import { isSettled } from './content-monitor.ts';
import { EnhancePanel } from './EnhancePanel.tsx';
import { usePiece, useSourceContent } from './use-content.ts';

/**
 * The item page's Content section: the pieces written from the item's transcript or document (one
 * per content type), the one chosen (`?content=<id>`) in the viewer, and the Enhance Content panel
 * to write another. Writing and translating follow live.
 */
export function ContentSection({ item, transcriptionId }: { item: Item; transcriptionId: string | null }) {
  const { t } = useTranslation('content');
  return (
    <ItemSectionFrame title={t('section.title')} lead={t('section.lead')} waiting={t('section.waiting')}>
      {transcriptionId ? <Pieces item={item} transcriptionId={transcriptionId} /> : null}
    </ItemSectionFrame>
  );
}

function Pieces({ item, transcriptionId }: { item: Item; transcriptionId: string }) {
  const { t } = useTranslation('content');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useSourceContent(transcriptionId);
  const text = useQuery({ queryKey: itemTextKey(item.id), queryFn: () => getItemText(item.id) });
  const pieces = list.data ?? [];
  const chosen = params.get('content');
  const selected = pieces.find((p) => p.id === chosen)?.id ?? pieces[0]?.id ?? null;
  const [formOpen, setFormOpen] = useState(false);
  const select = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('content', id);
        else p.delete('content');
        return p;
      },
      { replace: true },
    );

  // With nothing written yet, the form is what there is to do.
  const showForm = formOpen || (list.isSuccess && pieces.length === 0);

  const started = (response: EnhanceResponse) => {
    setFormOpen(false);
    void queryClient.invalidateQueries({ queryKey: sourceContentKey(transcriptionId) });
    void queryClient.invalidateQueries({ queryKey: contentKey(response.data.content_id) });
    select(response.data.content_id);
  };

  if (list.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('section.loading')}>
        <Skeleton h={36} />
        <Skeleton h={120} />
      </Stack>
    );
  if (list.error)
    return (
      <ErrorState
        title={t('section.loadFailed')}
        message={loadErrorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  return (
    <Stack gap="md">
      {pieces.length > 0 && (
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap={6} role="tablist" aria-label={t('section.pieces')}>
            {pieces.map((p) => (
              <PieceTab key={p.id} piece={p} selected={p.id === selected} onSelect={() => select(p.id)} />
            ))}
          </Group>
          <Button
            size="xs"
            variant={showForm ? 'subtle' : 'light'}
            leftSection={showForm ? <IconX size={14} /> : <IconPlus size={14} />}
            onClick={() => setFormOpen((o) => !o)}
          >
            {showForm ? t('section.closeForm') : t('section.writeAnother')}
          </Button>
        </Group>
      )}
      {showForm && (
        <EnhancePanel
          source={{
            transcriptionId,
            text: text.data?.text ?? '',
            title: item.title,
            language: text.data?.language ?? item.language,
          }}
          existingTypes={pieces.map((p) => p.content_type)}
          onStarted={started}
        />
      )}
      {selected && (
        <SelectedPiece
          key={selected}
          transcriptionId={transcriptionId}
          id={selected}
          onDeleted={() => select(null)}
        />
      )}
    </Stack>
  );
}

function PieceTab({ piece, selected, onSelect }: { piece: Content; selected: boolean; onSelect(): void }) {
  const { t } = useTranslation('content');
  const busy = !isSettled(piece.status);
  return (
    <UnstyledButton
      role="tab"
      aria-selected={selected}
      onClick={onSelect}
      px="sm"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-xl)',
        border: '1px solid var(--mantine-color-default-border)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        color: selected ? 'var(--mantine-primary-color-light-color)' : undefined,
        fontWeight: selected ? 600 : 500,
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      <Group gap={6} wrap="nowrap">
        {busy && <Loader size={12} aria-hidden />}
        {contentTypeLabel(piece.content_type)}
        {piece.status === 'failed' && (
          <Text component="span" size="xs" c="red">
            {t('viewer.status.failed')}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** The chosen piece: its progress and failure banners while written, then the viewer. */
function SelectedPiece({
  transcriptionId,
  id,
  onDeleted,
}: {
  transcriptionId: string;
  id: string;
  onDeleted(): void;
}) {
  const { t } = useTranslation('content');
  const { piece, monitorError } = usePiece(transcriptionId, id);
  if (!piece.data)
    return piece.error ? (
      <ErrorState message={loadErrorMessage(piece.error)} onRetry={() => void piece.refetch()} />
    ) : (
      <Skeleton h={160} />
    );
  const p = piece.data;
  const writing = !isSettled(p.status) && !monitorError;
  return (
    <Stack gap="md">
      {writing && (
        <Alert
          variant="light"
          icon={<IconLoader2 size={20} />}
          title={t('enhance.banner')}
          data-testid="enhance-banner"
        >
          <Stack gap={6}>
            <Progress
              value={Math.max(2, p.progress.percent)}
              animated
              aria-label={t('enhance.progress')}
              aria-valuenow={Math.round(p.progress.percent)}
            />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('enhance.status', {
                message: p.progress.message ?? t('enhance.starting'),
                percent: Math.round(p.progress.percent),
              })}
            </Text>
          </Stack>
        </Alert>
      )}
      {(p.status === 'failed' || monitorError) && (
        <Alert color="red" variant="light" role="alert" title={t('enhance.failed')}>
          <Text size="sm">{monitorError ?? p.metadata.error ?? t('errors.failed')}</Text>
        </Alert>
      )}
      <ContentViewer piece={p} followError={monitorError} onDeleted={onDeleted} />
    </Stack>
  );
}
