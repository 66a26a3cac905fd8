import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * The frame every section of the item page shares: a card titled for screen readers, its title and
 * lead, then the section's body — or, while the item has no source text yet (`waiting` given
 * instead of a body), a dimmed line saying so.
 */
export function ItemSectionFrame({
  title,
  lead,
  waiting,
  children,
}: {
  title: string;
  lead: string;
  /** Shown in place of the body while there is no source text to work from. */
  waiting: string;
  /** The body, or null while there is no source text yet. */
  children: ReactNode | null;
}) {
  const titleId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {lead}
          </Text>
        </Stack>
        {children ?? (
          <Text c="dimmed" ta="center" py="md">
            {waiting}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
