import type { Paragraph, Section } from './composed-content.schema.ts';
import { paragraphOf } from './grounding.ts';
import type { KeyPhrase } from './keywords.ts';
import { label } from './labels.ts';
import { writesWithoutSpaces } from './language.ts';
import { nameSections } from './section-headings.ts';
import type { Sentence } from './sentences.ts';

/**
 * A part of the piece before its sentences are shared out: running text is still sentences, so
 * the ones lifted into the lead or the key points can leave it.
 */
export type DraftSection =
  | {
      kind: 'text';
      /** A fixed heading (a label, an agenda item), or null: named after its own words. */
      heading: string | null;
      paragraphs: Sentence[][];
      /** The section that opens the piece, where its lead comes from. */
      opening?: boolean;
      /** A topic of the discussion (meeting notes list them). */
      topic?: boolean;
      /** Written as notes: one sentence a bullet (the discussion of meeting notes). */
      notes?: boolean;
    }
  | { kind: 'list' | 'steps'; heading: string; items: Paragraph[] };

/** The sentences of a draft's running text, in order (none for lists). */
export function draftSentences(draft: DraftSection): Sentence[] {
  return draft.kind === 'text' ? draft.paragraphs.flat() : [];
}

/** The sections as written, and the headings of those that are topics of the discussion. */
export interface WrittenSections {
  sections: Section[];
  topics: string[];
}

/**
 * The drafts as sections, without the `lifted` sentences (written elsewhere in the piece) and
 * without any part left empty. Sections without a fixed heading are named after their own words;
 * where none has a word to be named by, the first is the overview and the others are numbered.
 * No two headings are the same.
 */
export function writeSections(
  drafts: readonly DraftSection[],
  lifted: ReadonlySet<number>,
  phrases: readonly KeyPhrase[],
  language: string,
): WrittenSections {
  const joiner = writesWithoutSpaces(language) ? '' : ' ';
  const kept = drafts
    .map((draft): DraftSection => {
      if (draft.kind !== 'text') return draft;
      const paragraphs = draft.paragraphs
        .map((p) => p.filter((s) => !lifted.has(s.index)))
        .filter((p) => p.length > 0);
      return { ...draft, paragraphs };
    })
    .filter((draft) => (draft.kind === 'text' ? draft.paragraphs.length : draft.items.length) > 0);
  const fixed = kept.flatMap((d) => (d.heading === null ? [] : [d.heading]));
  const unnamed = kept.filter((d) => d.heading === null);
  const names = nameSections(unnamed.map(draftSentences), phrases, language, fixed);
  const overview = label(language, 'overview');
  const seen = new Set<string>();
  const sections: Section[] = [];
  const topics: string[] = [];
  kept.forEach((draft, i) => {
    const numbered = label(language, 'part').replace('{n}', String(i + 1));
    const opensText = !sections.some((s) => s.kind === 'text');
    let heading = draft.heading ?? names[unnamed.indexOf(draft)] ?? (opensText ? overview : numbered);
    if (seen.has(heading.toLowerCase())) heading = numbered;
    seen.add(heading.toLowerCase());
    if (draft.kind === 'text' && draft.topic) topics.push(heading);
    sections.push(
      draft.kind !== 'text'
        ? { heading, kind: draft.kind, paragraphs: draft.items }
        : draft.notes
          ? {
              heading,
              kind: 'list',
              paragraphs: draft.paragraphs.flat().map((s) => paragraphOf([s], joiner)),
            }
          : { heading, kind: 'text', paragraphs: draft.paragraphs.map((p) => paragraphOf(p, joiner)) },
    );
  });
  return { sections, topics };
}
