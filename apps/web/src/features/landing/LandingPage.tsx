import { Anchor, Button, Card, Group, List, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import { InfoCard } from '../../components/InfoCard.tsx';
import { Section } from '../../components/Section.tsx';
import { HeroSection } from './HeroSection.tsx';
import { audiences, community, features, quickStart, steps, whyLines } from './landing-content.ts';

/** The public start page (spec section 1). */
export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(null);
  return (
    <>
      <HeroSection />
      <Section id="how-it-works" title={t('sections.howItWorks')} lead={t('sections.howItWorksLead')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {steps(t).map((card, i) => (
            <InfoCard key={card.title} card={card} step={i + 1} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="features" tinted title={t('sections.whatYouGet')} lead={t('sections.whatYouGetLead')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {features(t)
            .filter((card) => card.onLanding)
            .map((card) => (
              <InfoCard key={card.title} card={card} />
            ))}
        </SimpleGrid>
        <Group>
          <Button component={Link} to="/features" variant="light" rightSection={<IconArrowRight size={16} />}>
            {t('sections.moreFeatures')}
          </Button>
        </Group>
      </Section>
      <Section id="audiences" title={t('sections.audiences')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {audiences(t).map((card) => (
            <InfoCard key={card.title} card={card} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="why" tinted title={t('sections.why')}>
        <List
          spacing="md"
          size="md"
          icon={
            <ThemeIcon color="teal" size={24} radius="xl" aria-hidden>
              <IconCircleCheck size={16} />
            </ThemeIcon>
          }
        >
          {whyLines(t).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Section>
      <Section id="quick-start" title={t('sections.quickStart')} lead={t('sections.quickStartLead')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {quickStart(t).map((card, i) => (
            <InfoCard key={card.title} card={card} step={i + 1} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="community" tinted title={t('sections.community')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {community(t).map((card) => (
            <InfoCard
              key={card.title}
              card={card}
              footer={
                <Text mt="md" size="sm" fw={600}>
                  {card.external ? (
                    <Anchor href={card.href}>
                      {card.cta} <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
                    </Anchor>
                  ) : (
                    <Anchor component={Link} to={card.href}>
                      {card.cta} <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
                    </Anchor>
                  )}
                </Text>
              }
            />
          ))}
        </SimpleGrid>
      </Section>
      <Card component="footer" radius={0} py="lg" px="md" ta="center" bg="transparent">
        <Text size="sm" c="dimmed">
          {t('sections.footer')}
        </Text>
      </Card>
    </>
  );
}
