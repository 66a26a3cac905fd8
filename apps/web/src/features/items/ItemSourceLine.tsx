import { Anchor, Text } from '@mantine/core';
import type { Item } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';

/** Whether an item was brought in from the web (a link, a feed's episode, a video page). */
export const isImported = (item: Item) =>
  item.source?.type === 'link' || item.source?.type === 'site' || item.source?.type === 'feed_episode';

/**
 * Where an imported item came from: "Imported from <host> on <date>", the host linking to the
 * address fetched; for a feed's episode, the feed's name and the episode's date in it.
 */
export function ItemSourceLine({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const source = item.source;
  if (!source || !isImported(item) || !source.url) return null;
  const host = (
    <Anchor href={source.url} target="_blank" rel="noopener noreferrer nofollow" size="sm" dir="ltr">
      {source.host ?? source.url}
    </Anchor>
  );
  const date = formatDate(new Date(item.created_at));
  const [before, after] = (
    source.type === 'feed_episode'
      ? source.feed_title
        ? t('source.feed', { feed: source.feed_title, host: '\u0000', date })
        : t('source.feedUntitled', { host: '\u0000', date })
      : source.type === 'site'
        ? t('source.site', { host: '\u0000', date })
        : t('source.link', { host: '\u0000', date })
  ).split('\u0000');
  return (
    <Text size="sm" c="dimmed" data-testid="item-source" dir="auto">
      {before}
      {host}
      {after}
      {source.type === 'feed_episode' && source.published_at
        ? ` ${t('source.published', { date: formatDate(new Date(source.published_at)) })}`
        : ''}
    </Text>
  );
}
