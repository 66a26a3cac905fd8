import { Button, EmptyState } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';

/** Generated infographics. None can exist yet: image generation is not built. */
export function GalleryPage() {
  const { t } = useTranslation('gallery');
  return (
    <PageFrame title={t('title')} lead={t('lead')}>
      <EmptyState icon={<IconPhoto size={32} />} variant="light">
        <EmptyState.Title order={2}>{t('empty')}</EmptyState.Title>
        <EmptyState.Description>{t('emptyText')}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/home" variant="light">
            {t('toWorkflow')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </PageFrame>
  );
}
