import { Badge, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ContentDetails } from '@voxpress/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GroundedList } from './GroundedList.tsx';

/** One labelled figure (prep time, servings, price…); nothing when the source did not give it. */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

const numbered = <T extends { text: string; step: number }>(
  items: readonly T[],
  title?: (i: T) => string | null,
) => items.map((i) => ({ ...i, text: `${i.step}. ${title?.(i) ? `${title(i)}: ` : ''}${i.text}` }));

/**
 * What a content type holds beyond its text, as the writer found it in the source: a recipe's
 * figures, ingredients and steps; a tutorial's steps; a meeting's people, decisions and action
 * items; a product's features and price; an SEO article's meta description and slug.
 */
export function ContentDetailsView({ details }: { details: ContentDetails | null }) {
  const { t } = useTranslation('content');
  if (!details || !hasDetails(details)) return null;
  const frame = (children: ReactNode) => (
    <Stack gap="sm" data-testid="content-details">
      <Title order={4} fz="h6">
        {t('viewer.details.title')}
      </Title>
      {children}
    </Stack>
  );
  switch (details.content_type) {
    case 'recipe':
      return frame(
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label={t('viewer.details.prepTime')} value={details.prep_time} />
            <Fact label={t('viewer.details.cookTime')} value={details.cook_time} />
            <Fact label={t('viewer.details.servings')} value={details.servings} />
            <Fact label={t('viewer.details.difficulty')} value={details.difficulty} />
            <Fact label={t('viewer.details.cuisine')} value={details.cuisine} />
            <Fact label={t('viewer.details.nutrition')} value={details.nutrition} />
          </SimpleGrid>
          <GroundedList title={t('viewer.details.ingredients')} items={details.ingredients} />
          <GroundedList title={t('viewer.details.instructions')} items={numbered(details.instructions)} />
        </>,
      );
    case 'tutorial':
      return frame(
        <>
          <GroundedList title={t('viewer.details.materials')} items={details.materials} />
          <GroundedList
            title={t('viewer.details.steps')}
            items={numbered(details.tutorial_steps, (s) => s.title)}
          />
        </>,
      );
    case 'meeting_notes': {
      const m = details.meeting_data;
      return frame(
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label={t('viewer.details.attendees')} value={m.attendees.join(', ')} />
            <Fact label={t('viewer.details.topics')} value={m.topics.join(', ')} />
          </SimpleGrid>
          <GroundedList title={t('viewer.details.decisions')} items={m.decisions} />
          <GroundedList
            title={t('viewer.details.actionItems')}
            items={m.action_items.map((a) => ({
              ...a,
              text: [
                a.text,
                a.owner && t('viewer.details.owner', { owner: a.owner }),
                a.due && t('viewer.details.due', { due: a.due }),
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
          />
        </>,
      );
    }
    case 'product_description': {
      const p = details.product_data;
      return frame(
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label={t('viewer.details.product')} value={p.name} />
            <Fact label={t('viewer.details.price')} value={p.price} />
          </SimpleGrid>
          <GroundedList title={t('viewer.details.features')} items={p.features} />
          <GroundedList title={t('viewer.details.benefits')} items={p.benefits} />
        </>,
      );
    }
    case 'seo_optimized':
      return frame(
        <>
          <Fact label={t('viewer.details.metaDescription')} value={details.meta_description} />
          <Fact label={t('viewer.details.slug')} value={<Code>{details.slug}</Code>} />
          {details.keyword_use.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('viewer.details.keywordUse')}
              </Text>
              <Group gap={6}>
                {details.keyword_use.map((k) => (
                  <Badge key={k.keyword} variant="light" color={k.count ? 'teal' : 'gray'} tt="none">
                    {t('viewer.details.keywordCount', { keyword: k.keyword, count: k.count })}
                  </Badge>
                ))}
              </Group>
            </Stack>
          )}
        </>,
      );
    case 'newsletter':
      return details.in_this_issue.length
        ? frame(<Fact label={t('viewer.details.inThisIssue')} value={details.in_this_issue.join(' · ')} />)
        : null;
  }
}

/** Whether the source gave any of the type's fields: nothing is shown for an empty set. */
export function hasDetails(details: ContentDetails): boolean {
  switch (details.content_type) {
    case 'recipe':
      return (
        details.ingredients.length > 0 ||
        details.instructions.length > 0 ||
        [
          details.prep_time,
          details.cook_time,
          details.servings,
          details.difficulty,
          details.cuisine,
          details.nutrition,
        ].some((v) => v !== null)
      );
    case 'tutorial':
      return details.tutorial_steps.length > 0 || details.materials.length > 0;
    case 'meeting_notes': {
      const m = details.meeting_data;
      return [m.attendees, m.topics, m.decisions, m.action_items].some((l) => l.length > 0);
    }
    case 'product_description': {
      const p = details.product_data;
      return p.name !== null || p.price !== null || p.features.length > 0 || p.benefits.length > 0;
    }
    case 'seo_optimized':
      return true;
    case 'newsletter':
      return details.in_this_issue.length > 0;
  }
}
