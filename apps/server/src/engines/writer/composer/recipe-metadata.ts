import type { z } from 'zod';
import type { Ingredient, Step, zRecipeMetadata } from './composed-content.schema.ts';
import { DURATION, find, grounded, groundedValue, NUMBER, plain } from './grounding.ts';
import { stopwords } from './language.ts';
import type { Sentence } from './sentences.ts';

type RecipeMetadata = z.infer<typeof zRecipeMetadata>;

const UNIT =
  'cups?|tablespoons?|tbsp|teaspoons?|tsp|grams?|kilos?|kilograms?|kg|pounds?|lbs?|ounces?|oz|millilit(?:er|re)s?|ml|lit(?:er|re)s?|cloves?|cans?|tins?|pinch(?:es)?|handfuls?|dash(?:es)?|sticks?|slices?|pieces?|bunch(?:es)?|sprigs?|stalks?|heads?|packets?|jars?|drops?|splash';
/** Words that end an ingredient's name. */
const ITEM_END = new Set(
  "and or with then for to if but in into on until so which that too also plus you your i we it is are you'll we'll i'll it's that's need needs".split(
    ' ',
  ),
);
/** Amounts that measure something other than food. */
const NOT_FOOD =
  /^(?:minutes?|mins?|hours?|seconds?|degrees?|people|times?|days?|weeks?|lumps?|rows?|ways?|of)\b/;
const INGREDIENTS_START =
  /\b(?:ingredients?|you'll need|you will need|you need|what you need|you'll also need)\b/;
const FIRST_STEP =
  /^(?:(?:so|and|ok|okay|now|first|firstly|then|next|after that|once|finally|step \w+)\s+)*(?:preheat|heat|mash|stir|mix|add|fold|pour|bake|let|put|place|whisk|beat|combine|chop|cut|slice|dice|grease|line|cook|boil|simmer|fry|saute|sauté|roast|serve|season|sprinkle|melt|knead|roll|cover|leave|remove|take|turn|transfer|drain|blend|grate|peel|wash|rinse|spread|top|garnish|cool|bring|reduce|cream|sift|toss|marinate|grill|wait|start|toast|drizzle|squeeze|crush|sear|steam|poach|zest|brush|soak|pulse|shred)\b/;
// The dish only where the cook names what they are making ("today we're making my grandmother's
// banana bread", "a recipe for pumpkin pie"), never a verb's object ("cook until the skins burst").
const DISH =
  /\b(?:(?:we're|we are|i'm|i am|we'll be|i'll be|we will be|i will be|let's|today we|today i|now we|now i|next we|next i)\s+(?:going to\s+|gonna\s+)?(?:making|make|baking|bake|cooking|cook)|(?:a |my |the )?recipe for|how to (?:make|bake|cook))\s+(?:(?:my|our|a|an|the|some|this|these)\s+)?(?:\w+'s\s+)?((?:\w+\s+){0,3}?\w+)(?=\s+(?:which|that|with|for|and|today|it|this|is|from|the|a|an|in|now|so|but|because|again|too|as|at|on)\b|$)/;
/** Words no dish's name is made of: a phrase with one is part of a sentence, not a name. */
const NOT_IN_DISH = new Set(
  'until will is are was were be it them they you we i me sure up out down about some something everything things thing one ones two three four five several few tray pan them dinner lunch breakfast food something'.split(
    ' ',
  ),
);

/** The dish the sentence names, if it names one. */
export function dishNamed(sentence: Sentence): string | null {
  const dish = find(sentence, DISH);
  if (!dish) return null;
  const words = dish.split(' ');
  return words.some((w) => NOT_IN_DISH.has(w)) ? null : dish;
}
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
  // Where the text has commas, an item ends at one: "a clove of garlic, pine nuts, parmesan".
  const afterComma = new Set(
    [...sentence.text.toLowerCase().matchAll(/[,;]\s+([\p{L}\p{N}'-]+)/gu)].map((m) => m[1] ?? ''),
  );
  for (const match of text.matchAll(pattern)) {
    const [, quantity = '', unit, rest = ''] = match;
    if (NOT_FOOD.test(rest) || (!unit && !anyAmount)) continue;
    const item: string[] = [];
    for (const word of rest.trim().split(/\s+/)) {
      if (item.length > 0 && afterComma.has(word)) break;
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

/** The cook turning from the method to tips and variations. */
const TIPS =
  /^(?:(?:so|and|oh|one|a|my)\s+)*(?:(?:quick |little |last |big |final )?tips?\b|if you want|if you like|you can also|you could also|for a variation|another option)/;

/** Words before a listed ingredient that are not its name ("some", "a little", "you'll also need"). */
const LIST_LEAD =
  /^(?:(?:so|and|also|then|um|uh|plus|for the \w+|if you like|you can add|you'll also need|you also need|you'll need|you need|you will need|some|a little|a bit of|a few|plenty of|lots of|a lot of|the|a|an|fresh)\s+)+/;

/**
 * Ingredients named in the list without an amount ("you'll need chicken, garlic and lemons"):
 * each part of the list between commas and "and" that is a short name (no small words but "of").
 */
function namedIngredients(sentence: Sentence, known: readonly Ingredient[], language = 'en'): Ingredient[] {
  const small = stopwords(language);
  let text = sentence.text.toLowerCase().replace(/[.!?]+$/u, '');
  const opening = INGREDIENTS_START.exec(text);
  if (opening) text = text.slice(opening.index + opening[0].length);
  const out: Ingredient[] = [];
  const parts = text
    .split(/\s*(?:[,;:]|\band\b|\bplus\b|\bor\b)\s*/)
    // Without commas (PocketSphinx) an amount still starts the next item: "tomatoes two onions".
    .flatMap((part) => part.split(new RegExp(`\\s+(?=(?:${NUMBER})\\s)`)));
  for (const part of parts) {
    const name = part
      .trim()
      .replace(LIST_LEAD, '')
      .replace(/\s+too$/, '')
      .trim();
    const words = name.split(/\s+/).filter(Boolean);
    if (words.length === 0 || words.length > 3) continue;
    if (new RegExp(`^(?:${NUMBER})$`).test(words[0] ?? '') || /\d/.test(name)) continue;
    if (words.some((w) => (small.has(w) && w !== 'of') || !/^[\p{L}'-]+$/u.test(w) || NOT_FOOD.test(w)))
      continue;
    if (known.some((k) => k.item.includes(name) || name.includes(k.item))) continue;
    out.push({ ...grounded([sentence], name), quantity: null, unit: null, item: name });
  }
  return out;
}

/**
 * Recipe fields read from what the cook said; null where the recording does not say. Also says
 * which sentences it used (the ingredient list, the steps) and where the introduction ends.
 * Every ingredient said in the list is listed, with or without an amount; each step runs from a
 * sentence that tells the cook what to do to the next such sentence, so what is said between two
 * steps stays in the method.
 */
export function recipeMetadata(
  sentences: Sentence[],
  language = 'en',
): {
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
    const found = ingredientsIn(sentence, listed);
    const named = listed ? namedIngredients(sentence, [...ingredients, ...found], language) : [];
    // In the order said: "tomatoes, two onions" lists the tomatoes first.
    const at = (i: Ingredient) => plain(sentence).indexOf(i.item);
    for (const item of [...found, ...named].sort((a, b) => at(a) - at(b))) {
      if (seen.has(item.item)) continue;
      seen.add(item.item);
      ingredients.push(item);
    }
  }
  const after = listed ? sentences.slice(end) : sentences;
  const firstAt = after.findIndex(isInstruction);
  const groups: Sentence[][] = [];
  // The method runs from the first instruction until the cook turns to tips, or talks on for a
  // while without telling what to do; what is said between two steps belongs to the first.
  let aside: Sentence[] = [];
  for (const s of firstAt >= 0 ? after.slice(firstAt) : []) {
    if (TIPS.test(plain(s))) break;
    if (isInstruction(s)) {
      groups.at(-1)?.push(...aside);
      aside = [];
      groups.push([s]);
    } else if (aside.length >= 2) break;
    else aside.push(s);
  }
  const steps = groups.map((g) => g[0] as Sentence);
  const instructions: Step[] = groups.map((g, i) => ({ ...grounded(g), step: i + 1 }));
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
  const used = new Set([...region, ...groups.flat()].map((s) => s.index));
  const metadata: RecipeMetadata = {
    content_type: 'recipe',
    dish: sentences.map(dishNamed).find((d) => d !== null) ?? null,
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

/**
 * The recording cut where the cook starts another dish: at a sentence naming a dish other than
 * the one under way, once that one has had ingredients or steps. One part for a single recipe.
 */
export function recipeParts(sentences: Sentence[]): Sentence[][] {
  const parts: Sentence[][] = [[]];
  let dish: string | null = null;
  let cooking = false;
  for (const s of sentences) {
    const named = dishNamed(s);
    if (named && dish && named !== dish && cooking) {
      parts.push([]);
      cooking = false;
    }
    if (named) dish = named;
    if (INGREDIENTS_START.test(plain(s)) || isInstruction(s)) cooking = true;
    parts.at(-1)?.push(s);
  }
  return parts.filter((p) => p.length > 0);
}
