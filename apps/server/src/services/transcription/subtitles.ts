import type { Segment } from '@voxpress/contracts';

export type ExportFormat = 'txt' | 'srt' | 'vtt';

/** Formats seconds as `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT). */
export function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * Renders a transcript for download. Subtitles come from the engine's timed segments; when the
 * text was edited, the edit is the transcript (TXT) while the subtitles keep the heard timing.
 */
export function exportTranscript(format: ExportFormat, text: string, segments: Segment[]): string {
  const cues = segments.filter((s) => s.text.trim());
  switch (format) {
    case 'txt':
      return `${text.trim()}\n`;
    case 'srt':
      return cues
        .map(
          (c, i) => `${i + 1}\n${timestamp(c.start, ',')} --> ${timestamp(c.end, ',')}\n${c.text.trim()}\n`,
        )
        .join('\n');
    case 'vtt':
      return `WEBVTT\n\n${cues.map((c) => `${timestamp(c.start, '.')} --> ${timestamp(c.end, '.')}\n${c.text.trim()}\n`).join('\n')}`;
  }
}
