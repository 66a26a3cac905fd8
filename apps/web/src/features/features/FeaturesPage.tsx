import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { availabilityLabel } from '../../components/availability-label.ts';
import { InfoCard } from '../../components/InfoCard.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { type Availability, FEATURES } from '../landing/landing-content.ts';

const ORDER: readonly Availability[] = ['available', 'in-progress', 'planned'];

const GROUP_TEXT: Record<Availability, string> = {
  available: 'Works in this release.',
  'in-progress': 'Being built now; the server side of recording and upload is the next step.',
  planned: 'On the roadmap after transcription, in this order.',
};

/** Every capability, grouped by where it stands. */
export function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title="Features"
      lead="Voxpress is built in the open and in steps. Here is what works today and what comes next."
    >
      {ORDER.map((availability) => {
        const cards = FEATURES.filter((f) => f.availability === availability);
        return (
          <Stack key={availability} gap="md" component="section" aria-labelledby={`group-${availability}`}>
            <div>
              <Title order={2} id={`group-${availability}`} fz="h3">
                {availabilityLabel(t, availability)}
              </Title>
              <Text c="dimmed">{GROUP_TEXT[availability]}</Text>
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
