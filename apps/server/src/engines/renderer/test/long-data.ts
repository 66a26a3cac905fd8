import type { InfographicData } from '../renderer.ts';

const LONG_WORDS =
  'An unusually long sentence about slow-roasted tomatoes, garlic confit, caramelised onions and the patience it takes to wait for flavour to build over a quiet afternoon in the kitchen with friends';

/** Content far longer than any canvas holds: every text and list overflows on purpose. */
export function overlongData(language = 'en', sample = LONG_WORDS): InfographicData {
  const long = `${sample} ${sample}`;
  return {
    language,
    title: long,
    subtitle: long,
    points: Array.from({ length: 14 }, (_, i) => ({ text: `${i + 1}. ${long}`, start: i * 30 })),
    steps: Array.from({ length: 14 }, () => long),
    // A compound wider than most boxes leads the list.
    ingredients: [
      'Donaudampfschifffahrtsgesellschaftskapitänsmützenhalterung',
      ...Array.from({ length: 13 }, () => sample),
    ],
    facts: [
      { label: long, value: 'Fourteen hundred and twelve' },
      { label: long, value: '1 h 45 min' },
      { label: long, value: '€ 1,234.56' },
      { label: long, value: '12' },
      { label: 'Longest word', value: 'Donaudampfschifffahrtsgesellschaftskapitän' },
    ],
    quote: { text: long, start: 3723 },
    actionItems: Array.from({ length: 10 }, () => ({
      text: long,
      owner: 'Alexandra Konstantinopoulou-Wright',
    })),
    tags: Array.from({ length: 12 }, (_, i) => `averyveryverylongtag${i}`),
    footer: long,
  };
}
