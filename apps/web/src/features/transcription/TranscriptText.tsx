import { Box, Typography } from '@mantine/core';
import type { Transcription } from '@voxpress/contracts';
import DOMPurify from 'dompurify';

/**
 * A transcript (or document) as text to read: the user's rich-text edit when there is one,
 * otherwise the paragraphs the server laid out (sentence breaks where a sentence ends or a long
 * pause falls, paragraphs at longer pauses).
 */
export function TranscriptText({ transcription }: { transcription: Transcription }) {
  if (transcription.html)
    return (
      <Typography>
        <Box
          data-testid="transcript-text"
          dir="auto"
          style={{ lineHeight: 1.7 }}
          // The stored rich text passes through DOMPurify.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(transcription.html) }}
        />
      </Typography>
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
