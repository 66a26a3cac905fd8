import { Box, Title, Typography, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ContentBlock } from '@voxpress/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatElapsed } from '../audio/recorder-format.ts';
import { usePlayback, usePlayhead } from '../transcription/playback.tsx';
import { blockAt, layOut, plainText } from './content-blocks.ts';

/**
 * A piece's text as headings, paragraphs, lists and quotes. Where the recording can be played,
 * every block that rests on the transcript starts with its time: choosing it (or the block) plays
 * the recording from there, and the block being played is marked.
 */
export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  const playback = usePlayback();
  const time = usePlayhead();
  const playing = playback ? blockAt(blocks, time) : -1;
  const grounded = (block: ContentBlock, index: number, children: ReactNode) =>
    playback && block.start !== null ? (
      <Grounded
        start={block.start}
        playing={index === playing}
        onPlay={() => playback.seek(block.start ?? 0)}
      >
        {children}
      </Grounded>
    ) : (
      children
    );
  return (
    <Typography>
      <Box data-testid="content-text" style={{ lineHeight: 1.7 }}>
        {layOut(blocks).map((part) => {
          if ('items' in part) {
            const List = part.kind === 'bullet' ? 'ul' : 'ol';
            return (
              <List key={part.items[0]?.index}>
                {part.items.map(({ block, index }) => (
                  <li key={index} data-start={block.start ?? undefined}>
                    {grounded(block, index, plainText(block.text))}
                  </li>
                ))}
              </List>
            );
          }
          const { block, index } = part;
          if (part.kind === 'heading')
            return (
              <Title key={index} order={4} mt="md" mb="xs">
                {plainText(block.text)}
              </Title>
            );
          const body = grounded(block, index, plainText(block.text));
          return part.kind === 'quote' ? (
            <blockquote key={index} data-start={block.start ?? undefined}>
              {body}
            </blockquote>
          ) : (
            <p key={index} data-start={block.start ?? undefined}>
              {body}
            </p>
          );
        })}
      </Box>
    </Typography>
  );
}

/** A block that plays its source: the time as a button for keyboards, the words for a click. */
function Grounded({
  start,
  playing,
  onPlay,
  children,
}: {
  start: number;
  playing: boolean;
  onPlay(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('content');
  const time = formatElapsed(start * 1000);
  return (
    <Box
      component="span"
      onClick={onPlay}
      data-playing={playing || undefined}
      style={{
        cursor: 'pointer',
        borderRadius: 'var(--mantine-radius-sm)',
        background: playing ? 'var(--mantine-primary-color-light)' : undefined,
        transition: 'background 150ms',
      }}
    >
      <UnstyledButton
        component="span"
        role="button"
        tabIndex={0}
        aria-label={t('viewer.playFrom', { time })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onPlay();
          }
        }}
        onClick={(e) => {
          e.stopPropagation();
          onPlay();
        }}
        fz="xs"
        c="dimmed"
        ff="monospace"
        mr={6}
        px={4}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 2,
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
          verticalAlign: 'baseline',
          lineHeight: 1.4,
        }}
      >
        <IconPlayerPlayFilled size={9} aria-hidden />
        {time}
      </UnstyledButton>
      {children}
    </Box>
  );
}
