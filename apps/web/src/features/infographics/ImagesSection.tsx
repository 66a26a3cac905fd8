import {
  Button,
  Card,
  Center,
  Group,
  Image,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconExternalLink, IconPhoto, IconPhotoOff, IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DEFAULT_INFOGRAPHIC_SIZE, type Item, type SavedInfographic } from '@voxpress/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/PageState.tsx';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { styleLabel } from '../../i18n/terms.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { useSourceContent } from '../content/use-content.ts';
import { ItemSectionFrame } from '../items/ItemSectionFrame.tsx';
import { GeneratorDialog } from './GeneratorDialog.tsx';
import { downloadImage } from './image-actions.ts';
import { infographicKeys, listSaved } from './infographics-api.ts';
import { sizeLabel } from './labels.ts';

/**
 * The item page's Images section, after its content: the infographics saved from this item,
 * each to open or download, and a way to generate more from its content.
 */
export function ImagesSection({ item, transcriptionId }: { item: Item; transcriptionId: string | null }) {
  const { t } = useTranslation('infographics');
  return (
    <ItemSectionFrame title={t('images.title')} lead={t('images.lead')} waiting={t('images.waiting')}>
      {transcriptionId ? <SavedImages key={item.id} transcriptionId={transcriptionId} /> : null}
    </ItemSectionFrame>
  );
}

function SavedImages({ transcriptionId }: { transcriptionId: string }) {
  const { t } = useTranslation('infographics');
  const [page, setPage] = useState(1);
  const [generating, setGenerating] = useState(false);
  const [params] = useSearchParams();
  const saved = useQuery({
    queryKey: infographicKeys.saved({ transcription_id: transcriptionId, page }),
    queryFn: () => listSaved({ transcription_id: transcriptionId, page }),
    placeholderData: (previous) => previous,
  });
  const pieces = useSourceContent(transcriptionId);
  const finished = (pieces.data ?? []).filter((p) => p.status === 'completed');
  // The piece on screen in the Content section, else the newest finished one.
  const piece = finished.find((p) => p.id === params.get('content')) ?? finished[0] ?? null;
  const language = piece?.metadata.languages[0] ?? piece?.language ?? 'en';

  const toContent = () => {
    setGenerating(false);
    const panel = document.querySelector<HTMLElement>('[data-testid="infographics-panel"]');
    panel?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    panel?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  const generate = (
    <Button
      variant="light"
      leftSection={<IconSparkles size={16} aria-hidden />}
      disabled={!piece}
      onClick={() => setGenerating(true)}
    >
      {t('images.generate')}
    </Button>
  );

  let body: ReactNode;
  if (saved.isPending)
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} aria-busy="true" aria-label={t('images.loading')}>
        <Skeleton h={160} />
        <Skeleton h={160} />
        <Skeleton h={160} />
      </SimpleGrid>
    );
  else if (saved.error)
    body = (
      <ErrorState
        title={t('images.loadFailed')}
        message={loadErrorMessage(saved.error)}
        onRetry={() => void saved.refetch()}
      />
    );
  else if (saved.data.items.length === 0)
    body = (
      <Stack align="center" gap="xs" py="lg" ta="center">
        <IconPhoto size={32} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text fw={600}>{t('images.empty')}</Text>
        <Text size="sm" c="dimmed" maw={460}>
          {piece ? t('images.emptyText') : t('images.needContent')}
        </Text>
        {generate}
      </Stack>
    );
  else
    body = (
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('images.count', { count: saved.data.total, formatted: formatNumber(saved.data.total) })}
          </Text>
          {generate}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="saved-images">
          {saved.data.items.map((image) => (
            <SavedCard key={image.id} image={image} />
          ))}
        </SimpleGrid>
        {saved.data.pages > 1 && (
          <Group justify="center">
            <Pagination
              total={saved.data.pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? t('images.previousPage')
                    : control === 'next'
                      ? t('images.nextPage')
                      : undefined,
              })}
            />
          </Group>
        )}
      </Stack>
    );

  return (
    <>
      {body}
      {generating && piece && (
        <GeneratorDialog
          onClose={() => setGenerating(false)}
          source={{ piece, language }}
          sizes={[DEFAULT_INFOGRAPHIC_SIZE]}
          onConfigure={toContent}
        />
      )}
    </>
  );
}

/** A saved image: the picture (opens full size), its style, size and date, and Download. */
function SavedCard({ image }: { image: SavedInfographic }) {
  const { t } = useTranslation('infographics');
  const [broken, setBroken] = useState(false);
  const title = image.metadata.title ?? t('images.untitled');
  const style = image.metadata.style ? styleLabel(image.metadata.style) : null;
  const alt = t('images.alt', { title, size: sizeLabel(t, image.size) });
  const download = useMutation({
    mutationFn: () => downloadImage(image.infographic_url, style ? `${title} ${style}` : title),
    onError: (err) =>
      notifications.show({
        color: 'red',
        message: t('errors.downloadReason', { reason: errorMessage(err) }),
      }),
  });
  return (
    <Card withBorder radius="md" padding="sm" component="figure" m={0} data-testid="saved-image">
      <Card.Section>
        {broken ? (
          <Center h={180} bg="var(--mantine-color-default-hover)">
            <Stack gap={2} align="center" ta="center" px="sm">
              <IconPhotoOff size={24} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="sm" fw={600}>
                {t('results.broken')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('results.brokenHint')}
              </Text>
            </Stack>
          </Center>
        ) : (
          <Image
            src={image.infographic_url}
            alt={alt}
            h={180}
            fit="contain"
            bg="var(--mantine-color-default-hover)"
            onError={() => setBroken(true)}
          />
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" component="figcaption">
        <div>
          <Text size="sm" fw={600} lineClamp={1}>
            {style ? t('images.styled', { title, style }) : title}
          </Text>
          <Text size="xs" c="dimmed">
            {t('images.meta', {
              size: sizeLabel(t, image.size),
              date: formatDate(new Date(image.created_at)),
            })}
          </Text>
        </div>
        <Group gap="xs" grow>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate()}
            aria-label={t('images.downloadOne', { title: alt })}
          >
            {t('actions.download')}
          </Button>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={image.infographic_url}
            target="_blank"
            rel="noopener"
            leftSection={<IconExternalLink size={14} aria-hidden />}
            aria-label={t('images.openOne', { title: alt })}
          >
            {t('images.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
