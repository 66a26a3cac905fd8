import { Group, Text } from '@mantine/core';
import { IconCalendar, IconClockBolt, IconDimensions } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeName } from '../../i18n/terms.ts';
import { pixelSize } from '../infographics/labels.ts';
import { formatMadeAt, formatSeconds, type GalleryImage, generationSeconds } from './gallery-image.ts';

function Fact({
  icon,
  children,
  size,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  size: 'xs' | 'sm';
  testId?: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {icon}
      <Text size={size} c="dimmed" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

const iconProps = { size: 14, 'aria-hidden': true, style: { flexShrink: 0, marginTop: 2, opacity: 0.7 } };

/** An image's size, how long it took to make (seconds, one decimal) and when it was made. */
export function ImageFacts({ image, size = 'sm' }: { image: GalleryImage; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('gallery');
  const { t: tInfographics } = useTranslation('infographics');
  const time = generationSeconds(image.generationTimeMs);
  const name = sizeName(image.size);
  const pixels = pixelSize(tInfographics, image.width, image.height);
  const made = formatMadeAt(image.date);
  return (
    <>
      <Fact size={size} icon={<IconDimensions {...iconProps} />}>
        {name ? t('sizeNamed', { name, pixels }) : pixels}
      </Fact>
      {time && (
        <Fact size={size} icon={<IconClockBolt {...iconProps} />} testId="generation-time">
          {time.under
            ? t('generatedUnder', { time: formatSeconds(time.seconds) })
            : t('generatedIn', { time: formatSeconds(time.seconds) })}
        </Fact>
      )}
      {made && (
        <Fact size={size} icon={<IconCalendar {...iconProps} />}>
          <time dateTime={image.date}>{made}</time>
        </Fact>
      )}
    </>
  );
}
