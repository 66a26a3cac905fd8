import { Avatar, Button, Checkbox, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { type FeedPreview, IMPORT_EPISODES_MAX } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDuration } from '../../i18n/format.ts';

export interface FeedEpisodesProps {
  feed: FeedPreview['feed'];
  importing: boolean;
  disabled?: boolean;
  onImport(urls: string[]): void;
}

/**
 * A feed's episodes, newest first, each with a checkbox, its title, date and length; the chosen
 * ones are imported together (at most `IMPORT_EPISODES_MAX` at a time).
 */
export function FeedEpisodes({ feed, importing, disabled = false, onImport }: FeedEpisodesProps) {
  const { t } = useTranslation('audio');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const toggle = (url: string, on: boolean) =>
    setChosen((was) => {
      const next = new Set(was);
      if (on) next.add(url);
      else next.delete(url);
      return next;
    });
  const tooMany = chosen.size > IMPORT_EPISODES_MAX;
  const heading = feed.title ? t('link.feedHeading', { title: feed.title }) : t('link.feedUntitled');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="feed-episodes-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="center">
          {/* Only over https: the page loads no plain-http images (its content security policy). */}
          {feed.image?.startsWith('https:') && <Avatar src={feed.image} alt="" radius="sm" size={44} />}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={3} fz="md" id="feed-episodes-title" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {heading}
            </Title>
            <Text size="sm" c="dimmed">
              {t('link.chosen', { n: chosen.size, total: feed.episodes.length })}
            </Text>
          </Stack>
        </Group>
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="feed-episodes">
            {feed.episodes.map((episode) => {
              const facts = [
                episode.published_at ? formatDate(new Date(episode.published_at)) : t('link.noDate'),
                ...(episode.duration ? [formatDuration(episode.duration)] : []),
              ].join(' · ');
              return (
                <li key={episode.url}>
                  <Checkbox
                    py="xs"
                    checked={chosen.has(episode.url)}
                    onChange={(e) => toggle(episode.url, e.currentTarget.checked)}
                    disabled={disabled || importing}
                    label={
                      <Text size="sm" fw={500} dir="auto" style={{ overflowWrap: 'anywhere' }}>
                        {episode.title}
                      </Text>
                    }
                    description={facts}
                    styles={{ body: { alignItems: 'flex-start' } }}
                  />
                </li>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        {tooMany && (
          <Text size="sm" c="red" role="alert">
            {t('link.tooMany', { max: IMPORT_EPISODES_MAX })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            onClick={() => onImport([...chosen])}
            loading={importing}
            disabled={disabled || chosen.size === 0 || tooMany}
            data-testid="import-episodes"
          >
            {t('link.importChosen', { n: chosen.size })}
          </Button>
          {feed.episodes.length > 1 && (
            <Button
              variant="subtle"
              onClick={() =>
                setChosen(new Set(feed.episodes.slice(0, IMPORT_EPISODES_MAX).map((e) => e.url)))
              }
              disabled={disabled || importing}
            >
              {t('link.chooseNewest', { n: Math.min(IMPORT_EPISODES_MAX, feed.episodes.length) })}
            </Button>
          )}
          {chosen.size > 0 && (
            <Button variant="subtle" color="gray" onClick={() => setChosen(new Set())} disabled={importing}>
              {t('link.chooseNone')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
