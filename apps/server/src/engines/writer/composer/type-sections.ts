import type { ComposedMetadata, ContentType, Paragraph } from './composed-content.schema.ts';
import type { DraftSection } from './draft-sections.ts';
import { grounded, plain } from './grounding.ts';
import { headingCase } from './keywords.ts';
import { label } from './labels.ts';
import { actionItems, agenda, attendees, decisions } from './meeting-metadata.ts';
import { paragraphs } from './paragraphs.ts';
import { productMetadata } from './product-metadata.ts';
import { recipeMetadata, recipeParts } from './recipe-metadata.ts';
import type { Sentence } from './sentences.ts';
import { topicGroups } from './topic-sections.ts';
import { materials, tutorialSteps } from './tutorial-metadata.ts';

/** What the content type makes of the transcript: its sections (as drafts) and metadata. */
export interface TypedParts {
  /**
   * The sections in order; each sentence of running text stands in one of them, and none that a
   * list or a step already says.
   */
  drafts: DraftSection[];
  metadata: ComposedMetadata;
  /** Names to write with capitals wherever they occur (attendees). */
  names: string[];
  /** How many dishes a recipe cooks (0 for other types): a title names the dish only when one. */
  dishes?: number;
  /** Sentences the key points start with (a meeting's decisions). */
  keyFirst?: Sentence[];
  /** Sentences said as list items (a recipe's ingredient lines): key points only if nothing else. */
  listed?: Set<number>;
}

interface Context {
  sentences: Sentence[];
  language: string;
}

const asParagraph = (item: { text: string; segment_ids: number[]; start: number | null }): Paragraph => ({
  ...item,
  end: null,
});

function list(heading: string, kind: 'list' | 'steps', items: Paragraph[]): DraftSection[] {
  return items.length ? [{ heading, kind, items }] : [];
}

/** Running text under one fixed heading. */
function prose(heading: string, sentences: Sentence[], language: string, opening = false): DraftSection[] {
  if (sentences.length === 0) return [];
  return [{ kind: 'text', heading, paragraphs: paragraphs(sentences, language), opening }];
}

/**
 * Running text cut into topics, each to be named after its own words; the first opens the piece.
 * `discussion`: they are the topics a meeting discussed.
 */
function topics(sentences: Sentence[], language: string, discussion = false): DraftSection[] {
  return topicGroups(paragraphs(sentences, language), language).map((group, i) => ({
    kind: 'text',
    heading: null,
    paragraphs: group,
    opening: i === 0,
    topic: discussion,
  }));
}

/** One dish: its introduction, ingredients, method and tips, under headings that say which dish. */
function dishDrafts(
  part: Sentence[],
  language: string,
  heading: (key: 'overview' | 'ingredients' | 'method' | 'tips') => string,
  opening: boolean,
): { drafts: DraftSection[]; metadata: ReturnType<typeof recipeMetadata>['metadata']; listed: Sentence[] } {
  const { metadata, used, introEnd } = recipeMetadata(part, language);
  const intro = part.slice(0, introEnd);
  const tips = part.slice(introEnd).filter((s) => !used.has(s.index));
  // The ingredient lines and the steps are said in their lists; key points come from the rest.
  const listed = part.filter((s) => used.has(s.index));
  return {
    drafts: [
      ...prose(heading('overview'), intro, language, opening),
      ...list(heading('ingredients'), 'list', metadata.ingredients.map(asParagraph)),
      ...list(heading('method'), 'steps', metadata.instructions.map(asParagraph)),
      ...prose(heading('tips'), tips, language),
    ],
    metadata,
    listed,
  };
}

/**
 * A recipe; several dishes in one recording stay apart: each has its own introduction,
 * ingredients, method and tips, headed with its name as said ("Pumpkin Pie: Ingredients").
 */
function recipe({ sentences, language }: Context): TypedParts {
  const parts = recipeParts(sentences);
  if (parts.length <= 1) {
    const one = dishDrafts(sentences, language, (key) => label(language, key), true);
    return {
      drafts: one.drafts,
      metadata: one.metadata,
      names: [],
      dishes: one.metadata.dish ? 1 : 0,
      listed: new Set(one.listed.map((s) => s.index)),
    };
  }
  const dishes = parts.map((part, i) => {
    const { metadata } = recipeMetadata(part, language);
    const name = metadata.dish
      ? headingCase(metadata.dish, language)
      : label(language, 'part').replace('{n}', String(i + 1));
    return dishDrafts(
      part,
      language,
      (key) => (key === 'overview' ? name : `${name}: ${label(language, key)}`),
      i === 0,
    );
  });
  const named = [...new Set(dishes.map((d) => d.metadata.dish).filter((d): d is string => d !== null))];
  let step = 0;
  return {
    drafts: dishes.flatMap((d) => d.drafts),
    metadata: {
      ...(dishes[0]?.metadata ?? recipeMetadata(sentences, language).metadata),
      // A recording of several dishes is not one dish.
      dish: null,
      ingredients: dishes.flatMap((d) => d.metadata.ingredients),
      instructions: dishes.flatMap((d) => d.metadata.instructions.map((st) => ({ ...st, step: ++step }))),
    },
    names: [],
    dishes: Math.max(named.length, parts.length),
    listed: new Set(dishes.flatMap((d) => d.listed.map((s) => s.index))),
  };
}

function tutorial({ sentences, language }: Context): TypedParts {
  const { steps, used } = tutorialSteps(sentences);
  const needs = materials(sentences);
  const first = sentences.findIndex((s) => used.has(s.index));
  const last = sentences.findLastIndex((s) => used.has(s.index));
  // The sentence listing what is needed is said by the list.
  const intro = (first >= 0 ? sentences.slice(0, first) : sentences).filter((s) => s !== needs.sentence);
  const outro = last >= 0 ? sentences.slice(last + 1) : [];
  return {
    drafts: [
      ...prose(label(language, 'introduction'), intro, language, true),
      ...list(label(language, 'materials'), 'list', needs.items.map(asParagraph)),
      ...list(label(language, 'steps'), 'steps', steps.map(asParagraph)),
      ...prose(label(language, 'wrap_up'), outro, language),
    ],
    metadata: { content_type: 'tutorial', tutorial_steps: steps, materials: needs.items },
    names: [],
  };
}

/**
 * Sections along the agenda as announced ("on the agenda we have the launch, the budget…"): each
 * item heads the part from the paragraph that opens on it; what comes before is the overview.
 * Null when the paragraphs do not follow the agenda in order.
 */
function agendaSections(groups: Sentence[][], topics: string[], language: string): DraftSection[] | null {
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
  const section = (heading: string, part: Sentence[][], opening = false): DraftSection => ({
    kind: 'text',
    heading,
    paragraphs: part,
    opening,
  });
  return [
    section(label(language, 'overview'), groups.slice(0, starts[0]), true),
    ...topics.map((topic, i) => section(topic, groups.slice(starts[i], starts[i + 1] ?? groups.length))),
  ].filter((s) => s.kind === 'text' && s.paragraphs.length > 0);
}

function meeting({ sentences, language }: Context): TypedParts {
  const { names, speaker, roster } = attendees(sentences);
  const actions = actionItems(sentences, names, speaker);
  const assigned = new Set(actions.map((a) => a.sentence.index));
  const decided = decisions(sentences).filter((s) => !assigned.has(s.index));
  const agreed = new Set(decided.map((s) => s.index));
  const topicsSaid = agenda(sentences);
  const mentions = names.map((name) => {
    const pattern = new RegExp(`\\b${name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
    const said = sentences.filter((s) => pattern.test(plain(s)));
    // A named voice nobody called by name is grounded where it first speaks.
    return asParagraph(
      grounded((said.length > 0 ? said : sentences.filter((s) => s.speaker === name)).slice(0, 1), name),
    );
  });
  // With several voices, each note says who said it ("Ana: we ship on Friday"), once the user
  // has named that voice.
  const voices = new Set(sentences.flatMap((s) => (s.voice ? [s.voice] : [])));
  const attributed = (s: Sentence): Sentence =>
    voices.size > 1 && s.speaker ? { ...s, text: `${s.speaker}: ${s.text}` } : s;
  // The roster, decisions and action items are said in their lists, the rest in the discussion.
  const talk = sentences
    .filter((s) => s.index !== roster?.index && !assigned.has(s.index) && !agreed.has(s.index))
    .map(attributed);
  const grouped = paragraphs(talk, language);
  // Notes, not an article: the discussion is written one sentence a bullet, in the order said.
  const discussion = (agendaSections(grouped, topicsSaid, language) ?? topics(talk, language, true)).map(
    (d): DraftSection => (d.kind === 'text' ? { ...d, notes: true } : d),
  );
  return {
    drafts: [
      ...list(label(language, 'attendees'), 'list', mentions),
      ...discussion,
      ...list(
        label(language, 'decisions'),
        'list',
        decided.map((s) => asParagraph(grounded([attributed(s)]))),
      ),
      ...list(
        label(language, 'action_items'),
        'list',
        actions.map((a) => asParagraph(a.item)),
      ),
    ],
    metadata: {
      content_type: 'meeting_notes',
      meeting_data: {
        attendees: names,
        // Without an agenda, the topics are the discussion's headings, once they are named.
        topics: topicsSaid,
        decisions: decided.map((s) => grounded([attributed(s)])),
        action_items: actions.map((a) => a.item),
      },
    },
    names,
    // The decisions and action items have their lists; the key points come from the discussion.
    listed: new Set([
      ...(roster ? [roster.index] : []),
      ...actions.map((a) => a.sentence.index),
      ...decided.map((d) => d.index),
    ]),
  };
}

function product({ sentences, language }: Context): TypedParts {
  const metadata = productMetadata(sentences);
  const { features, benefits, price } = metadata.product_data;
  const listed = new Set([...features, ...benefits].map((f) => f.text));
  const priceSentence = sentences.find(
    (s) => price && s.start === price.start && s.segmentIds.join() === price.segment_ids.join(),
  );
  // A price said in a feature or benefit is in that list already.
  const priceApart = priceSentence && !listed.has(priceSentence.text) ? [priceSentence] : [];
  const rest = sentences.filter((s) => !listed.has(s.text) && s !== priceSentence);
  return {
    drafts: [
      ...topics(rest, language),
      ...list(label(language, 'features'), 'list', features.map(asParagraph)),
      ...list(label(language, 'benefits'), 'list', benefits.map(asParagraph)),
      ...prose(label(language, 'price'), priceApart, language),
    ],
    metadata,
    names: [],
  };
}

/** Sections and metadata for a content type; the plain types get topic sections only. */
export function typedParts(type: ContentType, context: Context): TypedParts {
  const { sentences, language } = context;
  switch (type) {
    case 'recipe':
      return recipe(context);
    case 'tutorial':
      return tutorial(context);
    case 'meeting_notes':
      return meeting(context);
    case 'product_description':
      return product(context);
    case 'raw_transcription':
      return {
        drafts: prose(label(language, 'transcript'), sentences, language),
        metadata: { content_type: 'raw_transcription' },
        names: [],
      };
    case 'enhanced':
    case 'story':
    case 'blog_post':
    case 'seo_optimized':
    case 'newsletter':
      return {
        drafts: topics(sentences, language),
        metadata: { content_type: 'enhanced' },
        names: [],
      };
  }
}
