import type { ComposedMetadata, ContentType, Paragraph, Section } from './composed-content.schema.ts';
import { grounded, paragraphOf, plain } from './grounding.ts';
import type { KeyPhrase } from './keywords.ts';
import { label } from './labels.ts';
import { writesWithoutSpaces } from './language.ts';
import { actionItems, agenda, attendees, decisions } from './meeting-metadata.ts';
import { paragraphs } from './paragraphs.ts';
import { productMetadata } from './product-metadata.ts';
import { recipeMetadata } from './recipe-metadata.ts';
import type { Sentence } from './sentences.ts';
import { topicSections } from './topic-sections.ts';
import { materials, tutorialSteps } from './tutorial-metadata.ts';

/** What the content type adds to the plain write-up: its own sections and metadata. */
export interface TypedParts {
  sections: Section[];
  metadata: ComposedMetadata;
  /** Names to write with capitals wherever they occur (attendees). */
  names: string[];
  /** The opening before the structured part (ingredients, steps), where the summary comes from. */
  intro?: Sentence[];
}

interface Context {
  sentences: Sentence[];
  phrases: KeyPhrase[];
  language: string;
}

const asParagraph = (item: { text: string; segment_ids: number[]; start: number | null }): Paragraph => ({
  ...item,
  end: null,
});

function list(heading: string, kind: Section['kind'], items: Paragraph[]): Section[] {
  return items.length ? [{ heading, kind, paragraphs: items }] : [];
}

/** Running text of the sentences not used elsewhere, as paragraphs under one heading. */
function prose(heading: string, sentences: Sentence[], language: string): Section[] {
  if (sentences.length === 0) return [];
  const joiner = writesWithoutSpaces(language) ? '' : ' ';
  return [
    { heading, kind: 'text', paragraphs: paragraphs(sentences, language).map((p) => paragraphOf(p, joiner)) },
  ];
}

function recipe({ sentences, language }: Context): TypedParts {
  const { metadata, used, introEnd } = recipeMetadata(sentences);
  const intro = sentences.slice(0, introEnd);
  const tips = sentences.slice(introEnd).filter((s) => !used.has(s.index));
  return {
    sections: [
      ...prose(label(language, 'overview'), intro, language),
      ...list(label(language, 'ingredients'), 'list', metadata.ingredients.map(asParagraph)),
      ...list(label(language, 'method'), 'steps', metadata.instructions.map(asParagraph)),
      ...prose(label(language, 'tips'), tips, language),
    ],
    metadata,
    names: [],
    intro,
  };
}

function tutorial({ sentences, language }: Context): TypedParts {
  const { steps, used } = tutorialSteps(sentences);
  const needs = materials(sentences);
  const first = sentences.findIndex((s) => used.has(s.index));
  const last = sentences.findLastIndex((s) => used.has(s.index));
  const intro = first >= 0 ? sentences.slice(0, first) : sentences;
  const outro = last >= 0 ? sentences.slice(last + 1) : [];
  return {
    sections: [
      ...prose(label(language, 'overview'), intro, language),
      ...list(label(language, 'materials'), 'list', needs.map(asParagraph)),
      ...list(label(language, 'steps'), 'steps', steps.map(asParagraph)),
      ...prose(label(language, 'wrap_up'), outro, language),
    ],
    metadata: { content_type: 'tutorial', tutorial_steps: steps, materials: needs },
    names: [],
    intro,
  };
}

/**
 * Sections along the agenda as announced ("on the agenda we have the launch, the budget…"): each
 * item heads the part from the paragraph that opens on it; what comes before is the overview.
 * Null when the paragraphs do not follow the agenda in order.
 */
function agendaSections(groups: Sentence[][], topics: string[], language: string): Section[] | null {
  if (topics.length < 2) return null;
  const opens = (group: Sentence[], topic: string) =>
    plain(group[0] as Sentence).includes(topic.toLowerCase()) ||
    (group[1] !== undefined &&
      plain(group[0] as Sentence).split(' ').length <= 6 &&
      plain(group[1]).includes(topic.toLowerCase()));
  const starts: number[] = [];
  for (const topic of topics) {
    // The agenda is read out before its first item is taken up.
    const from = (starts.at(-1) ?? 0) + 1;
    const at = groups.findIndex((group, i) => i >= from && opens(group, topic));
    if (at < 0) return null;
    starts.push(at);
  }
  const joiner = writesWithoutSpaces(language) ? '' : ' ';
  const section = (heading: string, part: Sentence[][]): Section => ({
    heading,
    kind: 'text',
    paragraphs: part.map((p) => paragraphOf(p, joiner)),
  });
  return [
    section(label(language, 'overview'), groups.slice(0, starts[0])),
    ...topics.map((topic, i) => section(topic, groups.slice(starts[i], starts[i + 1] ?? groups.length))),
  ].filter((s) => s.paragraphs.length > 0);
}

function meeting({ sentences, language, phrases }: Context): TypedParts {
  const { names, speaker } = attendees(sentences);
  const actions = actionItems(sentences, names, speaker);
  const decided = decisions(sentences);
  const topics = agenda(sentences);
  const mentions = names.map((name) => {
    const said = sentences.filter((s) => new RegExp(`\\b${name.toLowerCase()}\\b`).test(plain(s)));
    return asParagraph(grounded(said.slice(0, 1), name));
  });
  const grouped = paragraphs(sentences, language);
  const discussion = agendaSections(grouped, topics, language) ?? topicSections(grouped, phrases, language);
  return {
    sections: [
      ...list(label(language, 'attendees'), 'list', mentions),
      ...discussion,
      ...list(label(language, 'decisions'), 'list', decided.map(asParagraph)),
      ...list(label(language, 'action_items'), 'list', actions.map(asParagraph)),
    ],
    metadata: {
      content_type: 'meeting_notes',
      meeting_data: {
        attendees: names,
        topics: topics.length ? topics : discussion.map((s) => s.heading),
        decisions: decided,
        action_items: actions,
      },
    },
    names,
  };
}

function product({ sentences, language, phrases }: Context): TypedParts {
  const metadata = productMetadata(sentences);
  const { features, benefits, price } = metadata.product_data;
  const listed = new Set([...features, ...benefits].map((f) => f.text));
  const priceSentence = sentences.find(
    (s) => price && s.start === price.start && s.segmentIds.join() === price.segment_ids.join(),
  );
  const rest = sentences.filter((s) => !listed.has(s.text) && s !== priceSentence);
  return {
    sections: [
      ...topicSections(paragraphs(rest, language), phrases, language),
      ...list(label(language, 'features'), 'list', features.map(asParagraph)),
      ...list(label(language, 'benefits'), 'list', benefits.map(asParagraph)),
      ...(priceSentence ? prose(label(language, 'price'), [priceSentence], language) : []),
    ],
    metadata,
    names: [],
  };
}

/** Sections and metadata for a content type; the plain types get topic sections only. */
export function typedParts(type: ContentType, context: Context): TypedParts {
  const { sentences, language, phrases } = context;
  switch (type) {
    case 'recipe':
      return recipe(context);
    case 'tutorial':
      return tutorial(context);
    case 'meeting_notes':
      return meeting(context);
    case 'product_description':
      return product(context);
    case 'enhanced':
    case 'story':
    case 'blog_post':
    case 'seo_optimized':
    case 'newsletter':
    case 'raw_transcription':
      return {
        sections: topicSections(paragraphs(sentences, language), phrases, language),
        metadata: { content_type: 'enhanced' },
        names: [],
      };
  }
}
