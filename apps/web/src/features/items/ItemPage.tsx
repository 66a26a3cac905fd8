import { Anchor, Button, Container, EmptyState, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { ShareButton } from '../shares/ShareDialog.tsx';
import { AudioItemBody } from './AudioItemBody.tsx';
import { CapturedNotice } from './CapturedNotice.tsx';
import { DocumentItemBody } from './DocumentItemBody.tsx';
import { ItemHeader } from './ItemHeader.tsx';
import { getItem, itemKey } from './items-api.ts';

/**
 * One page per item (`/items/:id`): a recording, an upload or a written document. Its title and
 * description, then the transcript (or the document's text) with the player kept in view, then
 * the content written from it, then its images.
 */
export function ItemPage() {
  const { t } = useTranslation('items');
  const { id = '' } = useParams();
  const item = useQuery({ queryKey: itemKey(id), queryFn: () => getItem(id), retry: false });
  useDocumentTitle(item.data?.title ?? t('documentTitle'));

  if (item.isPending) return <PageLoader label={t('loading')} />;
  if (item.error) {
    const missing =
      item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 422);
    return (
      <Container size="sm" py={80}>
        {missing ? (
          <EmptyState icon={<IconMoodEmpty size={32} />} variant="light">
            <EmptyState.Title order={1}>{t('notFound.title')}</EmptyState.Title>
            <EmptyState.Description>{t('notFound.text')}</EmptyState.Description>
            <EmptyState.Actions>
              <Button component={Link} to="/home/library">
                {t('notFound.library')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <ErrorState
            title={t('loadFailed')}
            message={loadErrorMessage(item.error)}
            onRetry={() => void item.refetch()}
          />
        )}
      </Container>
    );
  }
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to="/home/library" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={16} aria-hidden />
              {t('back')}
            </Group>
          </Anchor>
          <ShareButton item={item.data} />
        </Group>
        <ItemHeader item={item.data} />
        <CapturedNotice item={item.data} />
        {item.data.kind === 'audio' ? (
          <AudioItemBody key={item.data.id} item={item.data} />
        ) : (
          <DocumentItemBody key={item.data.id} item={item.data} />
        )}
      </Stack>
    </Container>
  );
}
