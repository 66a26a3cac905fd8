import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page section with a heading and an optional lead paragraph. */
export function Section({
  id,
  title,
  lead,
  children,
  tinted = false,
}: {
  id?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 40, sm: 64 }}
      bg={tinted ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" maw={720}>
            <Title order={2} id={headingId}>
              {title}
            </Title>
            {lead && (
              <Text c="dimmed" size="lg">
                {lead}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
