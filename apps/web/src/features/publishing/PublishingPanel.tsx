import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandX,
  IconDownload,
  IconShare,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Content } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { PublishBox } from './PublishBox.tsx';
import {
  downloadExport,
  type ExportFormat,
  getRenditions,
  listPublications,
  publicationsKey,
  renditionsKey,
} from './publishing-api.ts';
import { RenditionCard } from './RenditionCard.tsx';
import { shareLinks } from './share-links.ts';

const FORMATS: ExportFormat[] = ['md', 'html', 'txt', 'docx'];

/**
 * What can be done with one language of a piece: its rendition for each platform, downloads,
 * publishing to a connected site, and sharing.
 */
export function PublishingPanel({ piece, language }: { piece: Content; language: string }) {
  const { t } = useTranslation('publishing');
  const renditions = useQuery({
    queryKey: renditionsKey(piece.id, language),
    queryFn: () => getRenditions(piece.id, language),
    // Renditions are made by a job the first time: look again until they are ready.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });
  const publications = useQuery({
    queryKey: publicationsKey(piece.id),
    queryFn: () => listPublications(piece.id),
  });
  const download = useMutation({
    mutationFn: (format: ExportFormat) => downloadExport(piece.id, language, format),
  });
  const title = piece.metadata.translations[language]?.title || piece.title;
  const link =
    publications.data?.find((p) => p.language === language && p.status === 'publish')?.remote_url ?? null;
  const share = shareLinks(title, link);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const data = renditions.data;
  const formatLabels: Record<ExportFormat, string> = {
    md: t('export.md'),
    html: t('export.html'),
    txt: t('export.txt'),
    docx: t('export.docx'),
  };
  return (
    <Stack gap="lg" component="section" aria-labelledby={`publishing-${piece.id}`} mt="lg">
      <Title order={3} fz="h4" id={`publishing-${piece.id}`}>
        {t('title')}
      </Title>
      <Stack gap="sm" component="section" aria-labelledby={`renditions-${piece.id}`}>
        <Group justify="space-between">
          <Title order={4} fz="h5" id={`renditions-${piece.id}`}>
            {t('renditions.title')}
          </Title>
          {data?.status === 'pending' && (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('renditions.making')}
              </Text>
            </Group>
          )}
        </Group>
        {renditions.isPending && <Loader size="sm" aria-label={t('renditions.loading')} />}
        {renditions.error && (
          <Alert color="red" role="alert">
            {loadErrorMessage(renditions.error)}
          </Alert>
        )}
        {data?.status === 'failed' && (
          <Alert color="red" role="alert">
            {data.error ?? t('renditions.failed')}
          </Alert>
        )}
        {data && data.items.length === 0 && data.status === 'ready' && (
          <Text c="dimmed">{t('renditions.empty')}</Text>
        )}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {data?.items.map((r) => (
            <RenditionCard key={r.platform} contentId={piece.id} rendition={r} />
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby={`export-${piece.id}`}>
        <Title order={4} fz="h5" id={`export-${piece.id}`}>
          {t('export.title')}
        </Title>
        <Group gap="xs">
          {FORMATS.map((format) => (
            <Button
              key={format}
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} />}
              loading={download.isPending && download.variables === format}
              onClick={() => download.mutate(format)}
            >
              {formatLabels[format]}
            </Button>
          ))}
        </Group>
        {download.error && (
          <Alert color="red" role="alert">
            {errorMessage(download.error)}
          </Alert>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby={`publish-${piece.id}`}>
        <Title order={4} fz="h5" id={`publish-${piece.id}`}>
          {t('publish.title')}
        </Title>
        <PublishBox contentId={piece.id} language={language} />
        <Text size="xs" c="dimmed">
          {t('publish.mediumNote')}
        </Text>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby={`share-${piece.id}`}>
        <Title order={4} fz="h5" id={`share-${piece.id}`}>
          {t('share.title')}
        </Title>
        <Group gap="xs">
          <Button
            component="a"
            href={share.x}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="sm"
            leftSection={<IconBrandX size={16} />}
          >
            {t('share.x')}
          </Button>
          {share.linkedin && (
            <Button
              component="a"
              href={share.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="sm"
              leftSection={<IconBrandLinkedin size={16} />}
            >
              {t('share.linkedin')}
            </Button>
          )}
          {share.facebook && (
            <Button
              component="a"
              href={share.facebook}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="sm"
              leftSection={<IconBrandFacebook size={16} />}
            >
              {t('share.facebook')}
            </Button>
          )}
          {canShare && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconShare size={16} />}
              onClick={() =>
                void navigator.share({ title, text: title, ...(link ? { url: link } : {}) }).catch(() => {})
              }
            >
              {t('share.device')}
            </Button>
          )}
        </Group>
        {!link && (
          <Text size="xs" c="dimmed">
            {t('share.needsLink')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
