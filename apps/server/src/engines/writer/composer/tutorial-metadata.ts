import type { GroundedText, Step } from './composed-content.schema.ts';
import { grounded, plain } from './grounding.ts';
import { isInstruction } from './recipe-metadata.ts';
import type { Sentence } from './sentences.ts';

const STEP_MARK =
  /^(?:(?:so|and|ok|okay|now|alright)\s+)*(?:step (?:\w+)|first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth|fifth|next|after that|finally|lastly)\b/;
const OUTRO =
  /^(?:(?:and|so|ok|okay)\s+)*(?:that's it|that's all|and that's|you're done|you are done|you just)\b/;
const NEEDS = /\b(?:you(?:'ll| will)? need|you'll want|what you need|materials|tools you need)\b\s*(.*)$/;
const MAX_STEP_SENTENCES = 5;

/** A sentence that opens a step ("Step two, take the tire off the rim"). */
export function opensStep(sentence: Sentence): boolean {
  return STEP_MARK.test(plain(sentence));
}

/**
 * Steps: where the speaker numbers or orders them ("step one", "first", "next"), each step runs
 * until the next one; without such marks every instruction is a step.
 */
export function tutorialSteps(sentences: Sentence[]): { steps: Step[]; used: Set<number> } {
  const marked = sentences.filter(opensStep).length >= 2;
  const groups: Sentence[][] = [];
  let current: Sentence[] | null = null;
  for (const sentence of sentences) {
    if (OUTRO.test(plain(sentence))) current = null;
    else if (marked ? opensStep(sentence) : isInstruction(sentence)) {
      current = [sentence];
      groups.push(current);
    } else if (marked && current && current.length < MAX_STEP_SENTENCES) current.push(sentence);
    else current = null;
  }
  const used = new Set(groups.flat().map((s) => s.index));
  return { steps: groups.map((group, i) => ({ ...grounded(group), step: i + 1 })), used };
}

/**
 * What the speaker says is needed, one item each ("a set of tire levers", "a pump"), and the
 * sentence that lists them.
 */
export function materials(sentences: Sentence[]): { items: GroundedText[]; sentence: Sentence | null } {
  for (const sentence of sentences) {
    const match = NEEDS.exec(plain(sentence));
    const list = match?.[1]?.trim();
    if (!list) continue;
    const items = list
      .split(/\s*\b(?:and|plus)\b\s*|\s+(?=(?:a|an|some|your)\s)/)
      .map((item) => item.trim())
      .filter((item) => item.split(/\s+/).length <= 6 && item.length > 1);
    if (items.length >= 2) return { items: items.map((item) => grounded([sentence], item)), sentence };
  }
  return { items: [], sentence: null };
}
