import type { Audience, CulturalContext, InfographicContentType } from '@voxpress/contracts';

/** A choice and the words in the text that led to it. */
export interface Matched<T> {
  value: T;
  words: string[];
}

// The spec's content-type keywords (§5), in its order; "step one" too, as speech engines spell numbers.
const CONTENT_TYPE_RULES: [InfographicContentType, RegExp][] = [
  ['recipe', /\b(?:ingredients?|recipes?|cooking|bake)\b/gi],
  ['tutorial', /\b(?:step (?:1|one)|how to|guide)\b/gi],
  ['meeting_notes', /\b(?:meeting|agenda|action items?|attendees)\b/gi],
  ['product_description', /\b(?:features|price|benefits)\b/gi],
];

// Audiences and contexts "by keyword matching" (§5): the one with the most matches wins.
const AUDIENCE_RULES: [Audience, RegExp][] = [
  [
    'health_enthusiasts',
    /\b(?:health(?:y|ier)?|nutrition(?:al)?|nutrients?|protein|calories|vitamins?|fibre|fiber|low[- ](?:carb|fat|sugar)|gluten[- ]free|vegan|plant[- ]based|keto|wholegrain|whole grain|fitness|workout|wellness|diet)\b/gi,
  ],
  [
    'beginner',
    /\b(?:beginners?|first time|for the first time|basics?|easy|simple|introduction|getting started|never (?:made|done|tried)|no experience|step by step)\b/gi,
  ],
  [
    'busy_parents',
    /\b(?:kids?|children|family|families|parents?|toddlers?|lunch ?box(?:es)?|school|weeknights?|busy|quick|in (?:\d+|ten|fifteen|twenty|thirty) minutes|one[- ]pot|make[- ]ahead|picky eaters?)\b/gi,
  ],
];

const CONTEXT_RULES: [CulturalContext, RegExp][] = [
  [
    'asian',
    /\b(?:asian|chinese|japanese|korean|thai|vietnamese|soy sauce|ginger|wok|stir[- ]fry|sushi|ramen|miso|kimchi|tofu|noodles?|dumplings?|bok choy|sesame|rice vinegar|fish sauce|lemongrass)\b/gi,
  ],
  [
    'mediterranean',
    /\b(?:mediterranean|greek|italian|spanish|lebanese|olive oil|olives|feta|hummus|pasta|risotto|tzatziki|oregano|basil|chickpeas?|couscous|paella|tapas|falafel)\b/gi,
  ],
  [
    'indian',
    /\b(?:indian|curry|masala|turmeric|cumin|garam|dal|dhal|naan|paneer|tandoori|biryani|chutney|ghee|cardamom|chapati|roti|samosas?|tikka)\b/gi,
  ],
  [
    'mexican',
    /\b(?:mexican|tortillas?|salsa|jalape(?:ñ|n)os?|tacos?|burritos?|guacamole|enchiladas?|quesadillas?|chipotle|cilantro|black beans|nachos|mole|tamales?|pico de gallo)\b/gi,
  ],
];

function strongest<T>(rules: [T, RegExp][], text: string, fallback: T): Matched<T> {
  let best: Matched<T> = { value: fallback, words: [] };
  for (const [value, pattern] of rules) {
    const words = [...new Set([...text.matchAll(pattern)].map((m) => m[0].toLowerCase()))];
    if (words.length > best.words.length) best = { value, words };
  }
  return best;
}

/**
 * The spec's rules (§5): the content type from keywords in text and title, in the spec's order
 * (recipe, tutorial, meeting notes, product description, else enhanced); audience and cultural
 * context by keyword matching, falling back to general and international.
 */
export function suggestByKeywords(
  text: string,
  title = '',
): {
  contentType: Matched<InfographicContentType>;
  audience: Matched<Audience>;
  culturalContext: Matched<CulturalContext>;
} {
  const haystack = `${title}\n${text}`;
  let contentType: Matched<InfographicContentType> = { value: 'enhanced', words: [] };
  for (const [value, pattern] of CONTENT_TYPE_RULES) {
    const words = [...new Set([...haystack.matchAll(pattern)].map((m) => m[0].toLowerCase()))];
    if (words.length) {
      contentType = { value, words };
      break;
    }
  }
  return {
    contentType,
    audience: strongest(AUDIENCE_RULES, haystack, 'general'),
    culturalContext: strongest(CONTEXT_RULES, haystack, 'international'),
  };
}
