import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Item } from '@voxpress/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { AskBox } from '../ask/AskBox.tsx';
import { TranscriptText } from '../transcription/TranscriptText.tsx';
import { ItemSections } from './ItemSections.tsx';
import { getItemText, itemTextKey } from './items-api.ts';

/** A written document: its text as paragraphs (no audio, no player), then what is made from it. */
export function DocumentItemBody({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const titleId = useId();
  const text = useQuery({ queryKey: itemTextKey(item.id), queryFn: () => getItemText(item.id) });
  const words = text.data ? (text.data.text.match(/\S+/g)?.length ?? 0) : null;
  return (
    <>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
        <Group justify="space-between" mb="md" gap="xs">
          <Title order={2} fz="h4" id={titleId}>
            {t('document.title')}
          </Title>
          {words !== null && (
            <Text size="sm" c="dimmed">
              {t('document.words', { count: words, formatted: formatNumber(words) })}
            </Text>
          )}
        </Group>
        {text.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('document.loading')}>
            <Skeleton h={14} />
            <Skeleton h={14} />
            <Skeleton h={14} w="70%" />
          </Stack>
        ) : text.error ? (
          <ErrorState
            title={t('document.loadFailed')}
            message={loadErrorMessage(text.error)}
            onRetry={() => void text.refetch()}
          />
        ) : (
          <TranscriptText transcription={text.data} />
        )}
      </Card>
      {item.transcription_id && <AskBox itemId={item.id} />}
      <ItemSections item={item} transcriptionId={item.transcription_id} />
    </>
  );
}
