import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../app/document-title.ts';

/**
 * The frame of an inner page: a heading, an optional lead, the content. The heading also names the
 * browser tab, unless `documentTitle` says otherwise (a greeting is no name for a tab).
 */
export function PageFrame({
  title,
  documentTitle,
  lead,
  children,
}: {
  title: string;
  documentTitle?: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs" maw={760}>
          <Title order={1}>{title}</Title>
          {lead && (
            <Text size="lg" c="dimmed">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
