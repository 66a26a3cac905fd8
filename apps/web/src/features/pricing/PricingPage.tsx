import { Badge, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { PageFrame } from '../../components/PageFrame.tsx';

const INCLUDED = [
  'Every feature, with no usage caps set by us',
  'Unlimited accounts on your own instance',
  'Local speech engines that need no paid service',
  'Your data in your own database and folders',
];

const COSTS = [
  {
    title: 'Your hardware',
    text: 'A laptop runs it. Transcription is faster with more CPU cores; nothing needs a GPU.',
  },
  {
    title: 'Optional cloud engines',
    text: 'If you connect an outside speech or language service, that provider bills you directly.',
  },
  {
    title: 'Your time',
    text: 'Updates are a download and a restart; the database migrates itself on start.',
  },
];

/** Pricing: self-hosted Voxpress is free. */
export function PricingPage() {
  return (
    <PageFrame title="Pricing" lead="Voxpress is free software that you run yourself. There is no paid plan.">
      <Card withBorder radius="lg" padding="xl" maw={560}>
        <Stack gap="md">
          <Badge variant="light" w="fit-content">
            Self-hosted
          </Badge>
          <Title order={2}>Free</Title>
          <Text c="dimmed">Licensed under the AGPL-3.0. No card, no trial period, no sign-up with us.</Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="teal" size={22} radius="xl" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {INCLUDED.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <Stack gap="md">
        <Title order={2} fz="h3">
          What it can cost you
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {COSTS.map((c) => (
            <Card key={c.title} withBorder radius="lg" padding="lg">
              <Title order={3} fz="lg" mb={6}>
                {c.title}
              </Title>
              <Text size="sm" c="dimmed">
                {c.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
