import { Anchor, Button, Card, Group, List, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { InfoCard } from '../../components/InfoCard.tsx';
import { Section } from '../../components/Section.tsx';
import { HeroSection } from './HeroSection.tsx';
import { AUDIENCES, COMMUNITY, FEATURES, QUICK_START, STEPS, WHY } from './landing-content.ts';

/** The public start page (spec section 1). */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <Section
        id="how-it-works"
        title="How it works"
        lead="Four steps from your voice to something you can publish."
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {STEPS.map((card, i) => (
            <InfoCard key={card.title} card={card} step={i + 1} />
          ))}
        </SimpleGrid>
      </Section>
      <Section
        id="features"
        tinted
        title="What you get"
        lead="Each card says where that part stands today, so you know exactly what to expect."
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {FEATURES.map((card) => (
            <InfoCard key={card.title} card={card} />
          ))}
        </SimpleGrid>
        <Group>
          <Button component={Link} to="/features" variant="light" rightSection={<IconArrowRight size={16} />}>
            Learn more about the features
          </Button>
        </Group>
      </Section>
      <Section id="audiences" title="Who it is for">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {AUDIENCES.map((card) => (
            <InfoCard key={card.title} card={card} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="why" tinted title="Why choose Voxpress">
        <List
          spacing="md"
          size="md"
          icon={
            <ThemeIcon color="teal" size={24} radius="xl" aria-hidden>
              <IconCircleCheck size={16} />
            </ThemeIcon>
          }
        >
          {WHY.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Section>
      <Section id="quick-start" title="Quick start" lead="From a fresh download to your first transcript.">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {QUICK_START.map((card, i) => (
            <InfoCard key={card.title} card={card} step={i + 1} />
          ))}
        </SimpleGrid>
      </Section>
      <Section id="community" tinted title="Learn, build and take part">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {COMMUNITY.map((card) => (
            <InfoCard
              key={card.title}
              card={card}
              footer={
                <Text mt="md" size="sm" fw={600}>
                  {card.external ? (
                    <Anchor href={card.href}>{card.cta} →</Anchor>
                  ) : (
                    <Anchor component={Link} to={card.href}>
                      {card.cta} →
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
          Voxpress — Voice to Content, Simplified. Free software under the AGPL-3.0 licence.
        </Text>
      </Card>
    </>
  );
}
