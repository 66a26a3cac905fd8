import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One card of the settings page: a heading, a line saying what it is for, the controls. */
export function SettingsSection({
  title,
  lead,
  children,
  danger = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby={id}
      style={danger ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id={id} c={danger ? 'red' : undefined}>
            {title}
          </Title>
          {lead && (
            <Text size="sm" c="dimmed">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
