import { Badge, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame.tsx';

/** Pricing: self-hosted Voxpress is free. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const included = [
    t('plan.included.features'),
    t('plan.included.accounts'),
    t('plan.included.engines'),
    t('plan.included.data'),
  ];
  const costs = [
    { title: t('costs.hardware.title'), text: t('costs.hardware.text') },
    { title: t('costs.cloud.title'), text: t('costs.cloud.text') },
    { title: t('costs.time.title'), text: t('costs.time.text') },
  ];
  return (
    <PageFrame title={t('title')} lead={t('lead')}>
      <Card withBorder radius="lg" padding="xl" maw={560}>
        <Stack gap="md">
          <Badge variant="light" w="fit-content">
            {t('plan.badge')}
          </Badge>
          <Title order={2}>{t('plan.name')}</Title>
          <Text c="dimmed">{t('plan.terms')}</Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="teal" size={22} radius="xl" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {included.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('costs.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {costs.map((c) => (
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
