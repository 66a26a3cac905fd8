import { Badge, Card, Code, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EngineState } from '@voxpress/contracts';
import { ErrorState } from '../../components/PageState.tsx';
import { ENGINES_KEY, fetchEngines } from './engines-api.ts';

const STATE_COLOR: Record<EngineState, string> = {
  active: 'teal',
  available: 'blue',
  missing: 'orange',
  misconfigured: 'red',
  disabled: 'gray',
};

/** What this server reports about its engines, live. */
export function EnginesStatus() {
  const engines = useQuery({ queryKey: ENGINES_KEY, queryFn: fetchEngines });

  if (engines.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" aria-label="Loading engine status">
        <Skeleton h={140} radius="lg" />
        <Skeleton h={140} radius="lg" />
      </SimpleGrid>
    );
  }
  if (engines.isError) {
    return (
      <ErrorState
        title="Could not read the engine status"
        message={engines.error.message}
        onRetry={() => void engines.refetch()}
      />
    );
  }
  if (engines.data.ports.length === 0) {
    return <Text c="dimmed">This server reports no engines yet.</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="engines">
      {engines.data.ports.map((port) => (
        <Card key={port.port} withBorder radius="lg" padding="lg">
          <Title order={3} fz="lg" mb="sm">
            {port.port}
          </Title>
          <Stack gap="sm">
            {port.implementations.map((impl) => (
              <Stack key={impl.id} gap={2}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {impl.name}
                  </Text>
                  <Badge color={STATE_COLOR[impl.state]} variant="light" size="sm" style={{ flexShrink: 0 }}>
                    {impl.state}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {impl.detail}
                </Text>
                {impl.enable && impl.state !== 'active' && (
                  <Text size="xs" c="dimmed">
                    To enable:{' '}
                    <Code style={{ whiteSpace: 'normal', wordBreak: 'break-all' }}>{impl.enable}</Code>
                  </Text>
                )}
              </Stack>
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
