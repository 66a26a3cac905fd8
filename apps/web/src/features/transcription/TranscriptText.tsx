import { Box, Text, Typography } from '@mantine/core';
import type { Speaker, Transcription } from '@voxpress/contracts';
import DOMPurify from 'dompurify';
import { formatElapsed } from '../audio/recorder-format.ts';
import { SpeakerLabel, speakerColour } from './SpeakerLabel.tsx';
import { hasSpeakers, htmlWithTurns, speakerTurns } from './speaker-turns.ts';
import './speaker-turns.css';

/**
 * A transcript (or document) as text to read: the user's rich-text edit when there is one (its
 * paragraphs under their speakers' names and colours, as edited in the editor), otherwise the paragraphs the server laid out (sentence breaks where a sentence ends or a long
 * pause falls, paragraphs at longer pauses). When speakers are known (and `speakers` is given), the
 * transcript reads as speaker turns, each under its speaker's name and colour.
 */
export function TranscriptText({
  transcription,
  audioId,
  speakers,
}: {
  transcription: Transcription;
  audioId?: string;
  speakers?: Speaker[];
}) {
  if (transcription.html) {
    const voices = new Map((speakers ?? []).map((s) => [s.id, { name: s.name, colour: s.colour }]));
    return (
      <Typography>
        <Box
          data-testid="transcript-text"
          data-turns
          dir="auto"
          style={{ lineHeight: 1.7 }}
          // The stored rich text passes through DOMPurify; the turn labels are added as text nodes.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
          dangerouslySetInnerHTML={{ __html: htmlWithTurns(DOMPurify.sanitize(transcription.html), voices) }}
        />
      </Typography>
    );
  }
  if (audioId && speakers && hasSpeakers(transcription.segments))
    return (
      <Box data-testid="transcript-text" style={{ lineHeight: 1.7 }}>
        {speakerTurns(transcription.segments).map((turn) => (
          <Box
            key={`${turn.first}-${turn.start}`}
            mb="sm"
            pl="sm"
            data-testid="speaker-turn"
            style={{ borderInlineStart: `3px solid ${speakerColour(speakers, turn.speaker)}` }}
          >
            <Box style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
              {turn.speaker ? (
                <SpeakerLabel
                  audioId={audioId}
                  speaker={turn.speaker}
                  name={turn.name ?? turn.speaker}
                  speakers={speakers}
                />
              ) : null}
              <Text component="span" size="xs" c="dimmed" ff="monospace">
                {formatElapsed(turn.start * 1000)}
              </Text>
            </Box>
            <Text m={0} dir="auto" lh={1.7}>
              {turn.text}
            </Text>
          </Box>
        ))}
      </Box>
    );
  const paragraphs = transcription.paragraphs.length
    ? transcription.paragraphs.map((p) => p.text)
    : transcription.text.split(/\n+/).filter((p) => p.trim());
  return (
    <Typography>
      <Box data-testid="transcript-text" style={{ lineHeight: 1.7 }}>
        {paragraphs.map((p, i) => (
          // Paragraphs have no id of their own; their order never changes while shown.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={i} dir="auto">
            {p}
          </p>
        ))}
      </Box>
    </Typography>
  );
}
