import { Badge, Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_COLOR, type Card as CardData } from '../features/landing/landing-content.ts';
import { availabilityLabel } from './availability-label.ts';

/** A card with an icon, a title, a text and, when known, how available the capability is. */
export function InfoCard({ card, step, footer }: { card: CardData; step?: number; footer?: ReactNode }) {
  const { t } = useTranslation();
  const Icon = card.icon;
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="article">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <Icon size={24} stroke={1.7} />
        </ThemeIcon>
        {card.availability && (
          <Badge color={AVAILABILITY_COLOR[card.availability]} variant="light" size="sm">
            {availabilityLabel(t, card.availability)}
          </Badge>
        )}
        {step !== undefined && (
          <Badge variant="outline" size="lg" radius="sm" aria-label={t('card.step', { step })}>
            {step}
          </Badge>
        )}
      </Group>
      <Title order={3} fz="lg" mb={6}>
        {card.title}
      </Title>
      <Text c="dimmed" size="sm" style={{ flex: 1 }}>
        {card.text}
      </Text>
      {footer}
    </Card>
  );
}
