import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers the service worker, and once a new version of the app is installed in the background,
 * offers to switch to it. It never reloads by itself: a recording or an edit may be under way.
 */
export function UpdatePrompt() {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();

  // On the very first visit the page loaded before its service worker existed, so nothing it read
  // is kept yet. Once the worker takes charge, read it again through the worker: a first visit is
  // then enough for the pages to open offline.
  useEffect(() => {
    const workers = navigator.serviceWorker;
    if (!workers || workers.controller) return;
    const again = () => void queryClient.refetchQueries({ type: 'active' });
    workers.addEventListener('controllerchange', again, { once: true });
    return () => workers.removeEventListener('controllerchange', again);
  }, [queryClient]);

  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A tab left open for days still learns of a new deploy.
      if (registration) window.setInterval(() => void registration.update().catch(() => undefined), HOUR_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('The offline app could not be installed', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="lg"
      radius="md"
      p="sm"
      withBorder
      data-testid="update-prompt"
      style={{
        position: 'fixed',
        zIndex: 300,
        insetBlockEnd: 'calc(1rem + env(safe-area-inset-bottom))',
        insetInline: '1rem',
        marginInline: 'auto',
        maxWidth: 520,
      }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('update.available')}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
            {t('update.later')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void updateServiceWorker(true)}
          >
            {t('update.reload')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
