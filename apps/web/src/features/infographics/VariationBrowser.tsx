import {
  ActionIcon,
  Badge,
  Box,
  Card,
  Group,
  Image,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import type { InfographicVariation } from '@voxpress/contracts';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatNumber } from '../../i18n/format.ts';
import { bestForLabel, emphasisLabel, styleLabel } from '../../i18n/terms.ts';
import { canStep, stepTo } from './carousel.ts';
import { ImageActions } from './ImageActions.tsx';
import { pixels, sizeLabel, variationName } from './labels.ts';
import type { useImageActions } from './use-image-actions.ts';

/**
 * The 'Choose Your Style' carousel (spec §2): one variation at a time with 'n of total', previous
 * and next within bounds (arrow keys too), a strip of all of them, a heart to mark favourites, the
 * template details card, and Download, Share and Save.
 */
export function VariationBrowser({
  variations,
  index,
  onIndex,
  favourites,
  onToggleFavourite,
  actions,
}: {
  variations: readonly InfographicVariation[];
  index: number;
  onIndex(index: number): void;
  favourites: ReadonlySet<number>;
  onToggleFavourite(position: number): void;
  actions: ReturnType<typeof useImageActions>;
}) {
  const { t } = useTranslation('infographics');
  const titleId = useId();
  const total = variations.length;
  const at = stepTo(index, 0, total);
  const current = variations[at];
  if (!current) return null;
  const favourite = favourites.has(at);
  const name = variationName(t, current);
  const move = (delta: -1 | 1) => onIndex(stepTo(at, delta, total));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') move(document.dir === 'rtl' ? 1 : -1);
    else if (e.key === 'ArrowRight') move(document.dir === 'rtl' ? -1 : 1);
    else return;
    e.preventDefault();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={3} fz="h4" id={titleId}>
          {t('carousel.title')}
        </Title>
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('carousel.previous')}
            disabled={!canStep(at, -1, total)}
            onClick={() => move(-1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text size="sm" fw={600} aria-live="polite" data-testid="carousel-position" miw={56} ta="center">
            {t('carousel.position', { n: formatNumber(at + 1), total: formatNumber(total) })}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('carousel.next')}
            disabled={!canStep(at, 1, total)}
            onClick={() => move(1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Box pos="relative">
            <Card withBorder padding={0} radius="md" bg="var(--mantine-color-default-hover)">
              <Image
                src={current.infographic_url ?? current.data_url ?? undefined}
                alt={t('carousel.alt', { name, size: sizeLabel(t, current.size) })}
                fit="contain"
                mah="min(60vh, 560px)"
                h="auto"
                data-testid="variation-image"
              />
            </Card>
            <ActionIcon
              pos="absolute"
              top={8}
              right={8}
              size="xl"
              radius="xl"
              variant={favourite ? 'filled' : 'white'}
              color="pink"
              aria-pressed={favourite}
              aria-label={t('carousel.favourite', { name })}
              onClick={() => onToggleFavourite(at)}
              style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
            >
              {favourite ? <IconHeartFilled size={22} /> : <IconHeart size={22} />}
            </ActionIcon>
          </Box>
          <ScrollArea type="auto" offsetScrollbars>
            <Group
              component="ul"
              gap="xs"
              wrap="nowrap"
              aria-label={t('carousel.all')}
              p={4}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {variations.map((v, i) => (
                <li key={v.id} style={{ flex: '0 0 auto' }}>
                  <UnstyledButton
                    onClick={() => onIndex(i)}
                    aria-current={i === at}
                    aria-label={t('carousel.show', {
                      n: formatNumber(i + 1),
                      name: variationName(t, v),
                      size: sizeLabel(t, v.size),
                    })}
                    pos="relative"
                    display="block"
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      outline: i === at ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                      outlineOffset: 2,
                    }}
                  >
                    <Image
                      src={v.infographic_url ?? v.data_url ?? undefined}
                      alt=""
                      w={64}
                      h={64}
                      fit="cover"
                      radius="sm"
                    />
                    {favourites.has(i) && (
                      <IconHeartFilled
                        size={16}
                        color="var(--mantine-color-pink-6)"
                        style={{ position: 'absolute', top: 2, right: 2 }}
                        aria-hidden
                      />
                    )}
                  </UnstyledButton>
                </li>
              ))}
            </Group>
          </ScrollArea>
        </Stack>
        <Stack gap="md">
          <TemplateDetails variation={current} name={name} />
          <ImageActions variation={current} actions={actions} />
          <ProTips />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** The template details card (spec §2): style, emphasis, best for, and the size and time. */
export function TemplateDetails({ variation, name }: { variation: InfographicVariation; name: string }) {
  const { t } = useTranslation('infographics');
  const titleId = useId();
  const seconds = formatFixed(variation.generation_time_ms / 1000, 1);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Text fw={700} id={titleId}>
          {name}
        </Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 12px' }}>
          <Text component="dt" size="sm" c="dimmed">
            {t('details.style')}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {styleLabel(variation.template_info.style)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            {t('details.emphasis')}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {emphasisLabel(variation.template_info.emphasis)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            {t('details.bestFor')}
          </Text>
          <Group component="dd" gap={4} m={0}>
            {variation.template_info.best_for.map((b) => (
              <Badge key={b} size="sm" variant="light" tt="none">
                {bestForLabel(b)}
              </Badge>
            ))}
          </Group>
          <Text component="dt" size="sm" c="dimmed">
            {t('details.size')}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {t('sizes.option', { name: sizeLabel(t, variation.size), pixels: pixels(t, variation.size) })}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            {t('details.time')}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {t('details.seconds', { seconds })}
          </Text>
        </dl>
      </Stack>
    </Card>
  );
}

/** Pro Tips (spec §2): how to get the most from a set. */
function ProTips() {
  const { t } = useTranslation('infographics');
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="aside"
      aria-labelledby={titleId}
      bg="var(--mantine-color-default-hover)"
    >
      <Text fw={700} size="sm" id={titleId} mb={6}>
        {t('tips.title')}
      </Text>
      <Stack component="ul" gap={4} m={0} pl="md">
        <Text component="li" size="sm">
          {t('tips.favourites')}
        </Text>
        <Text component="li" size="sm">
          {t('tips.sizes')}
        </Text>
        <Text component="li" size="sm">
          {t('tips.story')}
        </Text>
        <Text component="li" size="sm">
          {t('tips.newSet')}
        </Text>
      </Stack>
    </Card>
  );
}
