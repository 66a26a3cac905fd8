import type { Audience, InfographicContentType } from '@voxpress/contracts';
import type { InfographicData } from '../renderer.ts';
import { iconFor } from './icon-meaning.ts';
import type { IconName } from './icons.ts';

/** The parts of an infographic below its header. */
export type SectionKind =
  | 'facts'
  | 'ingredients'
  | 'steps'
  | 'points'
  | 'actions'
  | 'quote'
  | 'tags'
  | 'compare';

/** Where each part goes (display) and which gets room first when not everything fits (priority). */
export interface Emphasis {
  display: SectionKind[];
  priority: SectionKind[];
  /** The lists the content type is about (a recipe's ingredients and steps); they get room first. */
  primary: SectionKind[];
  /** Steps may take a line more each (beginners read every word of them). */
  roomySteps: boolean;
  /** Figures drawn larger (busy parents look for the time first). */
  bigFacts: boolean;
}

const DISPLAY: Record<InfographicContentType, SectionKind[]> = {
  recipe: ['facts', 'ingredients', 'steps', 'points', 'quote', 'tags'],
  tutorial: ['facts', 'steps', 'points', 'quote', 'tags'],
  meeting_notes: ['facts', 'points', 'actions', 'quote', 'tags'],
  product_description: ['facts', 'points', 'quote', 'tags'],
  enhanced: ['facts', 'points', 'steps', 'actions', 'quote', 'tags'],
};

const PRIMARY: Record<InfographicContentType, SectionKind[]> = {
  recipe: ['ingredients', 'steps'],
  tutorial: ['steps'],
  meeting_notes: ['points', 'actions'],
  product_description: ['points'],
  enhanced: ['points'],
};

const PRIORITY: Record<InfographicContentType, SectionKind[]> = {
  recipe: ['ingredients', 'steps', 'facts', 'quote', 'points', 'tags'],
  tutorial: ['steps', 'facts', 'points', 'quote', 'tags'],
  meeting_notes: ['points', 'actions', 'facts', 'quote', 'tags'],
  product_description: ['points', 'facts', 'quote', 'tags'],
  enhanced: ['points', 'facts', 'quote', 'steps', 'actions', 'tags'],
};

/** Sections the data has something for, ordered for the content type and the audience. */
export function emphasisFor(
  type: InfographicContentType,
  audience: Audience,
  data: InfographicData,
): Emphasis {
  const has = (k: SectionKind) => present(k, data);
  let display = DISPLAY[type].filter(has);
  let priority = PRIORITY[type].filter(has);
  // A piece whose own kind of list is missing still shows whatever lists it has.
  for (const k of ['points', 'steps', 'ingredients', 'actions'] as const) {
    if (has(k) && !display.includes(k)) {
      display.splice(Math.max(0, display.indexOf('quote')), 0, k);
      priority.push(k);
    }
  }
  const first = (list: SectionKind[], k: SectionKind) =>
    list.includes(k) ? [k, ...list.filter((x) => x !== k)] : list;
  switch (audience) {
    case 'busy_parents':
      priority = first(priority, 'facts');
      break;
    case 'health_enthusiasts':
      priority = first(first(priority, 'facts'), 'ingredients');
      break;
    case 'beginner':
      priority = first(priority, 'steps');
      if (display.includes('steps'))
        display = first(
          display.filter((k) => k !== 'facts'),
          'steps',
        );
      if (has('facts')) display.splice(1, 0, 'facts');
      display = [...new Set(display)];
      break;
    case 'general':
      break;
  }
  let primary = PRIMARY[type].filter(has);
  if (!primary.length)
    primary = priority.filter((k) => k !== 'facts' && k !== 'quote' && k !== 'tags').slice(0, 1);
  if (audience === 'beginner' && has('steps') && !primary.includes('steps')) primary = ['steps', ...primary];
  return {
    display,
    priority,
    primary,
    roomySteps: audience === 'beginner',
    bigFacts: audience === 'busy_parents',
  };
}

function present(kind: SectionKind, data: InfographicData): boolean {
  switch (kind) {
    case 'facts':
      return Boolean(data.facts?.some((f) => f.value.trim()));
    case 'ingredients':
      return Boolean(data.ingredients?.some((t) => t.trim()));
    case 'steps':
      return Boolean(data.steps?.some((t) => t.trim()));
    case 'points':
      return data.points.some((p) => p.text.trim());
    case 'actions':
      return Boolean(data.actionItems?.some((a) => a.text.trim()));
    case 'quote':
      return Boolean(data.quote?.text.trim());
    case 'tags':
      return Boolean(data.tags?.some((t) => t.trim()));
    case 'compare':
      // Drawn only by a comparison structure, which puts it in (compose's `withDiagram`).
      return false;
  }
}

const TIME =
  /(\d\s*(min|mins|minutes?|h|hrs?|hours?|sec|secs|seconds?|std|stunden?|heures?|minutos?|horas?)\b)|分钟|小时|分|時間|시간|분|मिनट|घंटे|நிமிட|மணி|నిమిష|గంట|time|temps|tiempo|zeit|prep|cook|total/i;
const NUTRITION =
  /kcal|calor|protein|prote[ií]na|prot[ée]ine|eiwei|fib(er|re)|fibra|ballast|carb|glucid|kohlenhyd|fat|grasa|graisse|fett|sugar|az[uú]car|sucre|zucker|vitamin|nutri|蛋白|热量|卡路里|脂肪|たんぱく|タンパク|カロリー|단백질|칼로리|प्रोटीन|कैलोरी|கலோரி|புரத|ప్రోటీన్|కేలరీ/i;

/** The figures, the ones the audience looks for first leading. */
export function orderFacts(
  facts: NonNullable<InfographicData['facts']>,
  audience: Audience,
): NonNullable<InfographicData['facts']> {
  const pattern = audience === 'busy_parents' ? TIME : audience === 'health_enthusiasts' ? NUTRITION : null;
  if (!pattern) return facts;
  const hit = (f: { label: string; value: string }) => pattern.test(`${f.label} ${f.value}`);
  return [...facts.filter(hit), ...facts.filter((f) => !hit(f))];
}

/** An icon for a figure from its words: a clock for times, a flame for calories, a basket for ingredients… */
export function factIcon(fact: { label: string; value: string }): IconName {
  const text = `${fact.label} ${fact.value}`;
  if (/kcal|calor|カロリー|칼로리|热量|कैलोरी/i.test(text)) return 'flame';
  if (NUTRITION.test(text)) return 'leaf';
  // "3½ h": a fraction counts as a number of hours too.
  if (TIME.test(text) || /[¼½¾]\s*(h|min)\b/i.test(text)) return 'clock';
  if (/serv|portion|people|person|attend|guest|personas|personnes|personen|人|명|व्यक्ति|பேர்|మంది/i.test(text))
    return 'users';
  if (/[$€£¥₹]|price|cost|precio|prix|preis|价格|価格|가격|कीमत|விலை|ధర/i.test(text))
    return 'currency-dollar';
  return iconFor(text) ?? 'chart-bar';
}
