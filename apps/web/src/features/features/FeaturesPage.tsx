import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { availabilityLabel } from '../../components/availability-label.ts';
import { InfoCard } from '../../components/InfoCard.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { type Availability, features } from '../landing/landing-content.ts';

const ORDER: readonly Availability[] = ['available', 'in-progress', 'planned'];

function groupText(t: TFunction<'landing'>, availability: Availability): string {
  switch (availability) {
    case 'available':
      return t('featuresPage.groups.available');
    case 'in-progress':
      return t('featuresPage.groups.inProgress');
    case 'planned':
      return t('featuresPage.groups.planned');
  }
}

/** Every capability, grouped by where it stands. */
export function FeaturesPage() {
  const { t } = useTranslation('landing');
  const { t: tCommon } = useTranslation('common');
  return (
    <PageFrame title={t('featuresPage.title')} lead={t('featuresPage.lead')}>
      {ORDER.map((availability) => {
        const cards = features(t).filter((f) => f.availability === availability);
        if (cards.length === 0) return null;
        return (
          <Stack key={availability} gap="md" component="section" aria-labelledby={`group-${availability}`}>
            <div>
              <Title order={2} id={`group-${availability}`} fz="h3">
                {availabilityLabel(tCommon, availability)}
              </Title>
              <Text c="dimmed">{groupText(t, availability)}</Text>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
              {cards.map((card) => (
                <InfoCard key={card.title} card={card} />
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
    </PageFrame>
  );
}
