import { primaryLanguage } from '@voxpress/contracts';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { editedTurns } from './edited-turns.ts';
import { clock, speakerTurns, type TranscriptSource } from './subtitles.ts';

/** What a transcript's Word document is made from: the transcript, its item's title and date. */
export interface TranscriptDocxSource extends TranscriptSource {
  title: string;
  /** When the item was made, ISO 8601; written as a date in the transcript's language. */
  date: string;
  /** How it was made, kept in the document's properties (`Transcribed by …; speakers by …`). */
  description?: string;
}

/** `28 November 2026` in `language` (its base language when the region is unknown). */
export function longDate(iso: string, language: string): string {
  const date = new Date(iso);
  for (const locale of [language, primaryLanguage(language) || 'en', 'en']) {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
    } catch {
      // An unknown language tag: try the next.
    }
  }
  return iso.slice(0, 10);
}

/**
 * The transcript as a Word document: the item's title, its date, then each speaker turn under its
 * speaker's name and the time it starts (`Ana — 12:03`), as TXT has them; the user's edit keeps the
 * voices its paragraphs kept in the editor. A transcript without speakers is written paragraph by
 * paragraph as its text has them.
 */
export async function transcriptDocx(source: TranscriptDocxSource): Promise<Buffer> {
  const language = source.language;
  // Arabic, Hebrew, Persian and Urdu read from right to left.
  const rtl = /^(ar|he|fa|ur)\b/i.test(language) ? { bidirectional: true } : {};
  const children: Paragraph[] = [
    new Paragraph({ ...rtl, heading: HeadingLevel.TITLE, children: [new TextRun(source.title)] }),
    new Paragraph({
      ...rtl,
      spacing: { after: 240 },
      children: [new TextRun({ text: longDate(source.date, language), color: '595959' })],
    }),
  ];
  const turns: { name: string; start: number | null; text: string }[] | null =
    speakerTurns(source) ?? editedTurns(source);
  if (turns)
    for (const turn of turns) {
      if (turn.name)
        children.push(
          new Paragraph({
            ...rtl,
            keepNext: true,
            spacing: { before: 240 },
            children: [
              new TextRun({ text: turn.name, bold: true }),
              ...(turn.start === null
                ? []
                : [new TextRun({ text: ` — ${clock(turn.start)}`, color: '595959' })]),
            ],
          }),
        );
      for (const line of turn.text.split('\n'))
        children.push(new Paragraph({ ...rtl, children: [new TextRun(line)] }));
    }
  else
    for (const line of source.text.split(/\n+/)) {
      if (line.trim()) children.push(new Paragraph({ ...rtl, children: [new TextRun(line.trim())] }));
    }
  const doc = new Document({
    title: source.title,
    creator: 'Voxpress',
    ...(source.description ? { description: source.description } : {}),
    styles: { default: { document: { run: { language: { value: language } } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
