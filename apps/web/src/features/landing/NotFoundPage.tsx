import { Button, Container, EmptyState } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Any address the app does not know. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <EmptyState icon={<IconMapOff size={32} />} variant="light">
        <EmptyState.Title order={1}>Page not found</EmptyState.Title>
        <EmptyState.Description>
          There is nothing at this address. It may have moved, or the link may be mistyped.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/">
            Back to the start page
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Container>
  );
}
