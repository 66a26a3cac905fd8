import { Button, Container, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';

/** Any address the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('notFound.title'));
  return (
    <Container size="sm" py={80}>
      <EmptyState icon={<IconMapOff size={32} />} variant="light">
        <EmptyState.Title order={1}>{t('notFound.title')}</EmptyState.Title>
        <EmptyState.Description>{t('notFound.text')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/">
            {t('notFound.back')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Container>
  );
}
