import { Center, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhotoOff, IconPhotoX } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Phase = 'loading' | 'loaded' | 'failed';

/**
 * An image with its three other faces: a shimmer while it loads, "Image failed to load" when its
 * address fails, "No image available" when it has none (spec: gallery texts).
 */
export function ImageFrame({
  url,
  alt,
  fit = 'thumbnail',
}: {
  url: string | null;
  alt: string;
  /** A square thumbnail, or the large view (as tall as the window allows). */
  fit?: 'thumbnail' | 'large';
}) {
  const { t } = useTranslation('gallery');
  // A new address (a refreshed link) loads again; an image already shown stays while it does.
  const [state, setState] = useState<{ url: string | null; phase: Phase }>({ url, phase: 'loading' });
  const phase = state.url === url || state.phase === 'loaded' ? state.phase : 'loading';
  const set = (next: Phase) => setState({ url, phase: next });
  const box: CSSProperties =
    fit === 'thumbnail'
      ? { position: 'relative', aspectRatio: '1 / 1', width: '100%' }
      : { position: 'relative', minHeight: 240, width: '100%' };

  if (!url || phase === 'failed') {
    const none = !url;
    const Icon = none ? IconPhotoOff : IconPhotoX;
    return (
      <Center
        style={{ ...box, background: 'var(--mantine-color-default-hover)', borderRadius: 8 }}
        data-testid={none ? 'image-missing' : 'image-failed'}
      >
        <Stack align="center" gap={4} p="md">
          <Icon size={32} aria-hidden style={{ opacity: 0.6 }} />
          <Text fw={600} ta="center">
            {none ? t('image.none') : t('image.failed')}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {none ? t('image.noneHint') : t('image.failedHint')}
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <div
      style={{
        ...box,
        borderRadius: 8,
        overflow: 'hidden',
        background: fit === 'large' && phase === 'loaded' ? undefined : 'var(--mantine-color-default-hover)',
      }}
    >
      {phase === 'loading' && <Skeleton style={{ position: 'absolute', inset: 0 }} radius={8} aria-hidden />}
      <img
        src={url}
        alt={alt}
        loading={fit === 'thumbnail' ? 'lazy' : 'eager'}
        decoding="async"
        onLoad={() => set('loaded')}
        onError={() => set('failed')}
        style={
          fit === 'thumbnail'
            ? { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }
            : {
                display: 'block',
                margin: '0 auto',
                maxWidth: '100%',
                maxHeight: 'calc(100dvh - 220px)',
                objectFit: 'contain',
              }
        }
      />
    </div>
  );
}
