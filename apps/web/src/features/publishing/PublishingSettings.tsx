import { SimpleGrid } from '@mantine/core';
import { ConnectionsSettings } from './ConnectionsSettings.tsx';
import { WebhooksSettings } from './WebhooksSettings.tsx';

/** The settings page's publishing part: connected sites and webhooks. */
export function PublishingSettings() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ConnectionsSettings />
      <WebhooksSettings />
    </SimpleGrid>
  );
}
