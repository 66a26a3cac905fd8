import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Content } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';

/**
 * Says plainly when the built-in composer wrote a piece (the speaker's own sentences, arranged),
 * and how to get richer writing: the administrator is told how to connect a language model, anyone
 * else to ask the administrator.
 */
export function WriterNote({ piece }: { piece: Content }) {
  const { t } = useTranslation('content');
  const { user } = useAuth();
  if (piece.metadata.service_used !== 'composer') return null;
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle size={18} />}
      title={t('viewer.composer.title')}
    >
      <Text size="sm">{t('viewer.composer.text')}</Text>
      <Text size="sm" mt={4}>
        {user?.is_admin ? (
          <>
            {t('viewer.composer.admin')}{' '}
            <Anchor component={Link} to="/settings" size="sm">
              {t('viewer.composer.settings')}
            </Anchor>
          </>
        ) : (
          t('viewer.composer.user')
        )}
      </Text>
    </Alert>
  );
}
