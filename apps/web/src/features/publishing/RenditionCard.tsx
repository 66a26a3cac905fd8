import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconAdjustments, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rendition } from '@voxpress/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '../../i18n/format.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { CustomPlatformForm } from './CustomPlatformForm.tsx';
import { regenerateRenditions, renditionsKey, saveRendition } from './publishing-api.ts';
import { hashtagCount, partLength } from './rendition-counter.ts';

const NAMED = ['twitter', 'linkedin', 'facebook', 'instagram', 'wordpress', 'medium'] as const;

/** One platform's rendition: each part editable and copyable on its own, with a live counter. */
export function RenditionCard({ contentId, rendition }: { contentId: string; rendition: Rendition }) {
  const { t } = useTranslation('publishing');
  const client = useQueryClient();
  const [parts, setParts] = useState(rendition.parts);
  const [describing, setDescribing] = useState(false);
  useEffect(() => setParts(rendition.parts), [rendition.parts]);
  const dirty = parts.join('\u0000') !== rendition.parts.join('\u0000');
  const key = renditionsKey(contentId, rendition.language);
  const save = useMutation({
    mutationFn: () => saveRendition(contentId, rendition.platform, rendition.language, parts),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const remake = useMutation({
    mutationFn: () => regenerateRenditions(contentId, rendition.language, rendition.platform),
    onSuccess: (list) => client.setQueryData(key, list),
  });
  const labels: Record<(typeof NAMED)[number], string> = {
    twitter: t('platforms.twitter'),
    linkedin: t('platforms.linkedin'),
    facebook: t('platforms.facebook'),
    instagram: t('platforms.instagram'),
    wordpress: t('platforms.wordpress'),
    medium: t('platforms.medium'),
  };
  const named = (NAMED as readonly string[]).includes(rendition.platform);
  const name = named ? labels[rendition.platform as (typeof NAMED)[number]] : rendition.platform;
  const article = rendition.html !== null;
  const number = new Intl.NumberFormat(formatLocale());
  const headingId = `rendition-${contentId}-${rendition.platform.replace(/\W+/g, '-')}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={headingId}
      data-platform={rendition.platform}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700} id={headingId}>
              {name}
            </Text>
            {rendition.edited && <Badge variant="light">{t('rendition.edited')}</Badge>}
            {rendition.outdated && (
              <Badge variant="light" color="orange">
                {t('rendition.outdated')}
              </Badge>
            )}
            {parts.length > 1 && (
              <Badge variant="outline">{t('rendition.posts', { count: parts.length })}</Badge>
            )}
          </Group>
          <Group gap={4}>
            {!named && (
              <Tooltip label={t('custom.describe')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('custom.describeNamed', { platform: name })}
                  aria-expanded={describing}
                  onClick={() => setDescribing(!describing)}
                >
                  <IconAdjustments size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('rendition.remake')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('rendition.remakeNamed', { platform: name })}
                loading={remake.isPending}
                onClick={() => remake.mutate()}
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {describing && (
          <CustomPlatformForm
            contentId={contentId}
            rendition={rendition}
            onDone={() => setDescribing(false)}
          />
        )}
        {!named && rendition.style && (
          <Text size="sm" c="dimmed">
            {t('rendition.style', { style: rendition.style })}
          </Text>
        )}
        {parts.map((part, i) => {
          const length = partLength(rendition, part);
          const over = length > rendition.limit;
          const tags = rendition.platform === 'instagram' ? hashtagCount(part) : 0;
          const label =
            parts.length > 1
              ? t('rendition.post', { n: i + 1, total: parts.length })
              : article
                ? t('rendition.markdown')
                : t('rendition.text');
          return (
            // Parts are positions in one edit; they have no identity of their own.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Stack key={i} gap={4}>
              <Textarea
                label={label}
                value={part}
                autosize
                minRows={article ? 8 : 2}
                maxRows={article ? 24 : 12}
                onChange={(e) => {
                  const next = [...parts];
                  next[i] = e.currentTarget.value;
                  setParts(next);
                }}
                error={
                  over
                    ? t('rendition.over', { limit: number.format(rendition.limit) })
                    : tags > 30
                      ? t('rendition.tooManyTags')
                      : undefined
                }
                styles={{
                  input: { fontFamily: article ? 'var(--mantine-font-family-monospace)' : undefined },
                }}
              />
              <Group justify="space-between" gap="xs">
                <Text size="xs" c={over ? 'red' : 'dimmed'} aria-live="polite" data-testid="counter">
                  {t('rendition.counter', {
                    length: number.format(length),
                    limit: number.format(rendition.limit),
                  })}
                  {rendition.platform === 'instagram' ? ` · ${t('rendition.hashtags', { count: tags })}` : ''}
                </Text>
                <CopyButton value={part} timeout={2000}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color={copied ? 'teal' : undefined}
                      leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      onClick={copy}
                      aria-label={t('rendition.copyNamed', { part: label, platform: name })}
                    >
                      {copied ? t('rendition.copied') : t('rendition.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          );
        })}
        {(save.error || remake.error) && (
          <Alert color="red" role="alert">
            {errorMessage(save.error ?? remake.error)}
          </Alert>
        )}
        {dirty && (
          <Group gap="xs">
            <Button size="sm" onClick={() => save.mutate()} loading={save.isPending}>
              {t('rendition.save')}
            </Button>
            <Button size="sm" variant="subtle" onClick={() => setParts(rendition.parts)}>
              {t('rendition.discard')}
            </Button>
          </Group>
        )}
        {article && (
          <Text size="xs" c="dimmed">
            {rendition.platform === 'medium' ? t('rendition.mediumNote') : t('rendition.articleNote')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
