import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import type { SearchHit, SearchHitType } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClock } from '../../i18n/format.ts';
import { hitPath } from './search-api.ts';
import { snippetParts } from './snippet.ts';

function hitType(t: TFunction<'library'>, type: SearchHitType): string {
  switch (type) {
    case 'title':
      return t('hitTypes.title');
    case 'description':
      return t('hitTypes.description');
    case 'transcript':
      return t('hitTypes.transcript');
    case 'content':
      return t('hitTypes.content');
  }
}

/** The passage of a hit with the words found marked (shown as text, never read as HTML). */
function Snippet({ snippet }: { snippet: string }) {
  return (
    <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
      {snippetParts(snippet).map((part, i) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

/**
 * Search hits, best first: the item, where the words were found and the passage; a transcript
 * hit opens its item playing from the second the passage starts.
 */
export function SearchHits({ hits }: { hits: SearchHit[] }) {
  const { t } = useTranslation('library');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {hits.map((hit, i) => {
        const moment = hit.start === null ? null : formatClock(hit.start * 1000);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one item may be hit by several passages
          <Paper component="li" key={`${hit.item_id}-${i}`} withBorder radius="md" p="sm">
            <UnstyledButton
              component={Link}
              to={hitPath(hit)}
              w="100%"
              aria-label={
                moment ? t('openAt', { title: hit.title, time: moment }) : t('open', { title: hit.title })
              }
            >
              <Stack gap={4}>
                <Group gap="xs" wrap="nowrap">
                  {moment ? (
                    <IconPlayerPlay size={18} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
                  ) : (
                    <IconFileText size={18} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
                  )}
                  <Text fw={600} lineClamp={1} dir="auto" style={{ flex: 1, minWidth: 0 }}>
                    {hit.title}
                  </Text>
                  <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                    {hitType(t, hit.type)}
                  </Badge>
                </Group>
                {(moment || hit.speaker_name) && (
                  <Text size="xs" c="dimmed">
                    {[moment, hit.speaker_name].filter(Boolean).join(' · ')}
                  </Text>
                )}
                <Snippet snippet={hit.snippet} />
              </Stack>
            </UnstyledButton>
          </Paper>
        );
      })}
    </Stack>
  );
}
