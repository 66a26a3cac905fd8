import type { z } from 'zod';
import type { Ingredient, Step, zRecipeMetadata } from './composed-content.schema.ts';
import { DURATION, find, grounded, groundedValue, NUMBER, plain } from './grounding.ts';
import type { Sentence } from './sentences.ts';

type RecipeMetadata = z.infer<typeof zRecipeMetadata>;

const UNIT =
  'cups?|tablespoons?|tbsp|teaspoons?|tsp|grams?|kilos?|kilograms?|kg|pounds?|lbs?|ounces?|oz|millilit(?:er|re)s?|ml|lit(?:er|re)s?|cloves?|cans?|tins?|pinch(?:es)?|handfuls?|dash(?:es)?|sticks?|slices?|pieces?|bunch(?:es)?|sprigs?|stalks?|heads?|packets?|jars?|drops?|splash';
/** Words that end an ingredient's name. */
const ITEM_END = new Set(
  'and or with then for to if but in into on until so which that too also plus you your i we it is are'.split(
    ' ',
  ),
);
/** Amounts that measure something other than food. */
const NOT_FOOD =
  /^(?:minutes?|mins?|hours?|seconds?|degrees?|people|times?|days?|weeks?|lumps?|rows?|ways?|of)\b/;
const INGREDIENTS_START =
  /\b(?:ingredients?|you'll need|you will need|you need|what you need|you'll also need)\b/;
const FIRST_STEP =
  /^(?:(?:so|and|ok|okay|now|first|firstly|then|next|after that|once|finally|step \w+)\s+)*(?:preheat|heat|mash|stir|mix|add|fold|pour|bake|let|put|place|whisk|beat|combine|chop|cut|slice|dice|grease|line|cook|boil|simmer|fry|saute|sauté|roast|serve|season|sprinkle|melt|knead|roll|cover|leave|remove|take|turn|transfer|drain|blend|grate|peel|wash|rinse|spread|top|garnish|cool|bring|reduce|cream|sift|toss|marinate|grill|wait|start)\b/;
// "baking soda", "a baking sheet": baking there names a thing, not a dish being made.
const DISH =
  /\b(?:making|make|baking(?!\s+(?:soda|powder|sheet|tray|dish|pan|paper|tin)\b)|bake|cooking|cook|recipe for|how to make)\s+(?:(?:my|our|a|an|the|some|this)\s+)?(?:\w+'s\s+)?((?:\w+\s+){0,3}?\w+)(?=\s+(?:which|that|with|for|and|today|it|this|is|from|the|a|an)\b|$)/;
const CUISINES =
  'italian mexican indian chinese japanese thai french greek mediterranean korean spanish american vietnamese turkish lebanese moroccan ethiopian caribbean german british'
    .split(' ')
    .concat(['middle eastern']);

function ingredientsIn(sentence: Sentence, anyAmount: boolean): Ingredient[] {
  const out: Ingredient[] = [];
  // The name is looked at ahead, not taken, so the next amount in a list can match too.
  const pattern = new RegExp(
    `(?:^|\\s)(${NUMBER})(?:\\s+of)?(?:\\s+an?)?\\s+(?:(${UNIT})\\s+)?(?:of\\s+)?(?=((?:[\\w'-]+\\s*){1,5}))`,
    'g',
  );
  const text = plain(sentence);
  for (const match of text.matchAll(pattern)) {
    const [, quantity = '', unit, rest = ''] = match;
    if (NOT_FOOD.test(rest) || (!unit && !anyAmount)) continue;
    const item: string[] = [];
    for (const word of rest.trim().split(/\s+/)) {
      if (ITEM_END.has(word) || new RegExp(`^(?:${NUMBER})$`).test(word)) break;
      item.push(word);
    }
    if (item.length === 0 || item.length > 4) continue;
    const spoken = `${text.slice(match.index, match.index + match[0].length).trim()} ${item.join(' ')}`;
    out.push({
      ...grounded([sentence], spoken),
      quantity: quantity.trim(),
      unit: unit ?? null,
      item: item.join(' '),
    });
  }
  return out;
}

/** A sentence that tells the cook to do something ("First, preheat the oven"). */
export function isInstruction(sentence: Sentence): boolean {
  return FIRST_STEP.test(plain(sentence));
}

/**
 * Recipe fields read from what the cook said; null where the recording does not say. Also says
 * which sentences it used (the ingredient list, the steps) and where the introduction ends.
 */
export function recipeMetadata(sentences: Sentence[]): {
  metadata: RecipeMetadata;
  used: Set<number>;
  introEnd: number;
} {
  const start = sentences.findIndex((s) => INGREDIENTS_START.test(plain(s)));
  let end = start;
  while (
    end >= 0 &&
    end < sentences.length &&
    end - start < 8 &&
    !(end > start && isInstruction(sentences[end] as Sentence))
  )
    end++;
  const region = start >= 0 ? sentences.slice(start, end) : [];
  const ingredients: Ingredient[] = [];
  const seen = new Set<string>();
  // Listed ingredients count whatever their amount; elsewhere only measured ones ("two cups of").
  const listed = region.length > 0;
  for (const sentence of listed ? region : sentences) {
    for (const found of ingredientsIn(sentence, listed)) {
      if (seen.has(found.item)) continue;
      seen.add(found.item);
      ingredients.push(found);
    }
  }
  const steps = (listed ? sentences.slice(end) : sentences).filter(isInstruction);
  const instructions: Step[] = steps.map((s, i) => ({ ...grounded([s]), step: i + 1 }));
  const firstValue = (pattern: RegExp) => {
    for (const s of sentences) {
      const value = find(s, pattern);
      if (value) return groundedValue(s, value);
    }
    return null;
  };
  const difficulty = firstValue(
    /\b(easiest|easy|simple|beginner|hardest|hard|difficult|advanced|tricky)\b(?= (?:bake|recipe|dish|one|to make)\b)/,
  );
  const all = sentences.map(plain).join(' ');
  const firstStep = steps[0] ? sentences.indexOf(steps[0]) : sentences.length;
  const used = new Set([...region, ...steps].map((s) => s.index));
  const metadata: RecipeMetadata = {
    content_type: 'recipe',
    dish: sentences.map((s) => find(s, DISH)).find((d) => d !== null) ?? null,
    prep_time: firstValue(
      new RegExp(`(${DURATION}) to prep|prep(?:aration)? time (?:is )?(?:about )?(${DURATION})`),
    ),
    cook_time: firstValue(
      new RegExp(
        `\\b(?:bake|cook|roast|simmer|fry|grill|boil)(?: it| them)? for (?:about |around )?(${DURATION})`,
      ),
    ),
    servings: firstValue(
      new RegExp(`\\b(?:serves|feeds|enough for) (${NUMBER})|\\bmakes (${NUMBER}) (?:servings|portions)`),
    ),
    difficulty: difficulty ? (/eas|simple|beginner/.test(difficulty.value) ? 'easy' : 'hard') : null,
    cuisine: CUISINES.find((c) => new RegExp(`\\b${c}\\b`).test(all)) ?? null,
    author: sentences.map((s) => find(s, /\bmy name is (\w+)/)).find((a) => a !== null) ?? null,
    ingredients,
    instructions,
    nutrition: sentences.find((s) => /\bcalories\b/.test(plain(s)))?.text ?? null,
  };
  return { metadata, used, introEnd: start >= 0 ? start : firstStep };
}
