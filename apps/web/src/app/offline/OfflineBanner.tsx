import { Alert, Container } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { recordingQueue } from '../../features/audio/recording-queue-app.ts';

const subscribe = (listener: () => void) => recordingQueue.subscribe(listener);
/** How many recordings made offline wait for the connection. */
const waiting = () => [...recordingQueue.snapshot().values()].filter((s) => s.kind === 'waiting').length;

const BACK_ONLINE_MS = 4000;

/**
 * Says so while the browser has no connection (pages already opened and recordings still work;
 * recordings are sent when it returns), and briefly when it is back. A screen reader hears both.
 */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const { online } = useNetwork();
  const wasOffline = useRef(!online);
  const [backOnline, setBackOnline] = useState(false);
  const queued = useSyncExternalStore(subscribe, waiting, waiting);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = window.setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => window.clearTimeout(timer);
  }, [online]);

  return (
    <div role="status" aria-live="polite" data-testid="connection-status">
      {!online && (
        <Container size="lg" pt="md">
          <Alert color="orange" variant="light" icon={<IconCloudOff size={20} />} title={t('offline.title')}>
            {t('offline.text')}
            {queued > 0 && ` ${t('offline.waiting', { count: queued })}`}
          </Alert>
        </Container>
      )}
      {online && backOnline && (
        <Container size="lg" pt="md">
          <Alert color="teal" variant="light" icon={<IconCloudCheck size={20} />}>
            {t('offline.back')}
          </Alert>
        </Container>
      )}
    </div>
  );
}
