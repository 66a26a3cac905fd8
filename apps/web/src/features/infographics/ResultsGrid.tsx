import { Card, Center, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { InfographicVariation } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '../../i18n/format.ts';
import { ImageActions } from './ImageActions.tsx';
import { sizeLabel, variationName } from './labels.ts';
import type { useImageActions } from './use-image-actions.ts';

/**
 * Generated infographics (spec §2): each image with its generation time in seconds (one decimal),
 * Download, Share and Save; an image that fails to load, or has no address, says so.
 */
export function ResultsGrid({
  variations,
  actions,
}: {
  variations: readonly InfographicVariation[];
  actions: ReturnType<typeof useImageActions>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="job-results">
      {variations.map((v) => (
        <ResultCard key={v.id} variation={v} actions={actions} />
      ))}
    </SimpleGrid>
  );
}

function ResultCard({
  variation,
  actions,
}: {
  variation: InfographicVariation;
  actions: ReturnType<typeof useImageActions>;
}) {
  const { t } = useTranslation('infographics');
  const [broken, setBroken] = useState(false);
  const url = variation.infographic_url ?? variation.data_url;
  const name = variationName(t, variation);
  return (
    <Card withBorder radius="md" padding="sm">
      <Card.Section>
        {url && !broken ? (
          <Image
            src={url}
            alt={t('carousel.alt', { name, size: sizeLabel(t, variation.size) })}
            fit="contain"
            h={220}
            bg="var(--mantine-color-default-hover)"
            onError={() => setBroken(true)}
          />
        ) : (
          <Center h={220} bg="var(--mantine-color-default-hover)">
            <Stack gap={4} align="center" ta="center" px="md">
              <IconPhotoOff size={28} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="sm" fw={600}>
                {url ? t('results.broken') : t('results.missing')}
              </Text>
              <Text size="xs" c="dimmed">
                {url ? t('results.brokenHint') : t('results.missingHint')}
              </Text>
            </Stack>
          </Center>
        )}
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <div>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('results.meta', {
              size: sizeLabel(t, variation.size),
              seconds: formatFixed(variation.generation_time_ms / 1000, 1),
            })}
          </Text>
        </div>
        {url && <ImageActions variation={variation} actions={actions} compact />}
      </Stack>
    </Card>
  );
}
