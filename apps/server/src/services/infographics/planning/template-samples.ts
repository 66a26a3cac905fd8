import type { InfographicContentType } from '@voxpress/contracts';
import { factLabel } from '../material/fact-labels.ts';
import { emptyMaterial, type InfographicMaterial } from '../material/infographic-material.ts';

/** Material a template is drawn with when nothing real is at hand (`debug/template/{id}`). */
export function sampleMaterial(type: InfographicContentType): InfographicMaterial {
  const en = (key: Parameters<typeof factLabel>[1]) => factLabel('en', key);
  switch (type) {
    case 'recipe':
      return {
        ...emptyMaterial('en', 'Lemon Herb Roast Chicken'),
        subtitle: 'A Sunday roast that looks after itself.',
        ingredients: [
          '1 whole chicken',
          '2 lemons',
          '4 cloves garlic',
          '2 tbsp olive oil',
          'Fresh thyme',
          'Sea salt',
        ],
        steps: [
          'Heat the oven to 220°C.',
          'Rub the chicken with oil, salt and thyme.',
          'Stuff with lemon and garlic.',
          'Roast for 75 minutes, then rest for 10.',
        ],
        facts: [
          { label: en('prep_time'), value: '15 min' },
          { label: en('cook_time'), value: '75 min' },
          { label: en('servings'), value: '4' },
          { label: en('difficulty'), value: en('easy') },
        ],
        keyPoints: [{ text: 'Dry the skin well for the crispiest result.', start: 42 }],
        quotes: [{ text: 'Let it rest: the juices need ten minutes to settle.', start: 318 }],
        tags: ['roast', 'sunday'],
      };
    case 'tutorial':
      return {
        ...emptyMaterial('en', 'Fix a Bike Puncture in 10 Minutes'),
        steps: [
          'Take the wheel off.',
          'Lever the tyre from the rim.',
          'Find the hole and patch it.',
          'Refit the tube and inflate.',
        ],
        keyPoints: [
          { text: 'Check the tyre for thorns before refitting.', start: 120 },
          { text: 'Inflate slowly and watch the bead seat.', start: 260 },
        ],
        quotes: [{ text: 'Always run your fingers round the inside of the tyre.', start: 150 }],
        facts: [{ label: en('steps'), value: '4' }],
      };
    case 'meeting_notes':
      return {
        ...emptyMaterial('en', 'Spring Launch Planning'),
        actionItems: [
          { text: 'Prepare the launch screenshots', owner: 'Tom' },
          { text: 'Book the venue for the demo', owner: 'Priya' },
        ],
        decisions: [{ text: 'We launch on the 14th of April.', start: 610 }],
        keyPoints: [{ text: 'Beta feedback was mostly about onboarding.', start: 95 }],
        facts: [
          { label: en('attendees'), value: '5' },
          { label: en('action_items'), value: '2' },
          { label: en('decisions'), value: '1' },
        ],
      };
    case 'product_description':
      return {
        ...emptyMaterial('en', 'Trailblazer Daypack'),
        features: [
          { text: 'Waterproof roll-top with 22 litres of room.', start: 30 },
          { text: 'Padded sleeve fits a 16-inch laptop.', start: 55 },
        ],
        benefits: [{ text: 'You never have to think about the rain again.', start: 80 }],
        facts: [{ label: en('price'), value: '$89' }],
        quotes: [{ text: 'It is the only bag I take everywhere.', start: 140 }],
      };
    case 'enhanced':
      return {
        ...emptyMaterial('en', 'Why Remote Teams Write Things Down'),
        subtitle: 'Writing is how a distributed team remembers.',
        keyPoints: [
          { text: 'Decisions in writing survive time zones.', start: 12 },
          { text: 'A short weekly note replaces three meetings.', start: 64 },
          { text: 'New people read their way in.', start: 131 },
        ],
        quotes: [{ text: 'If it is not written down, it did not happen.', start: 200 }],
        tags: ['remote work', 'writing'],
      };
  }
}
