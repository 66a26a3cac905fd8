import type { InfographicData } from '../renderer.ts';

/** Realistic long-form contents for layout checks: a period recipe, a meeting, a speech. */
export const REALISTIC: Record<'recipe' | 'meeting' | 'speech', InfographicData> = {
  recipe: {
    language: 'en',
    title: 'Boston Brown Bread, from the 1896 Boston Cooking-School Cook Book',
    subtitle: 'Steamed three and one-half hours in a buttered mould, as Fannie Farmer wrote it.',
    points: [
      { text: 'Steaming, not baking, gives the close, moist crumb', start: 95 },
      { text: 'Fill moulds only two-thirds full: the bread rises in the steam', start: 210 },
    ],
    ingredients: [
      '1 cup rye meal',
      '1 cup granulated cornmeal',
      '1 cup Graham flour',
      '¾ tablespoon soda',
      '1 teaspoon salt',
      '¾ cup molasses',
      '2 cups sour milk, or 1¾ cups sweet milk or water',
    ],
    steps: [
      'Mix and sift the dry ingredients.',
      'Add the molasses and milk, and beat thoroughly.',
      'Turn into a well-buttered mould, filling it not more than two-thirds full.',
      'Cover closely and steam three and one-half hours, keeping the water boiling.',
      'Remove the cover and bake long enough to dry the top.',
      'Cut with a string while hot, drawn around the loaf and crossed.',
    ],
    facts: [
      { label: 'Steaming', value: '3½ h' },
      { label: 'Ingredients', value: '7' },
      { label: 'Steps', value: '6' },
    ],
    quote: {
      text: 'The mould should be filled not more than two-thirds full, for the bread rises in the steaming and can long outgrow a full mould.',
      start: 212,
    },
    tags: ['baking', 'heritage', 'fanniefarmer'],
    footer: 'Old Cookbooks Aloud, episode 3',
  },
  meeting: {
    language: 'en',
    title: 'Q3 roadmap review: mobile offline mode and the billing migration',
    points: [
      { text: 'Decision: offline mode ships in the October release, read-only first', start: 723 },
      { text: 'Billing moves to the new provider on 1 November; old invoices stay archived', start: 1310 },
      { text: 'Support load rose 18 % after the September price change', start: 402 },
      { text: 'Design review of the sync conflict screen is moved to next Tuesday', start: 1744 },
    ],
    actionItems: [
      { text: 'Write the migration plan for existing subscriptions', owner: 'Priya Raman' },
      { text: 'Prototype read-only offline sync on Android', owner: 'Tomás Ortega' },
      { text: 'Draft the customer email about the billing change', owner: 'Hannah Fischer' },
      { text: 'Collect the top ten support tickets since September', owner: 'Kwame Mensah' },
      { text: 'Book the design review room for Tuesday', owner: 'Hannah Fischer' },
    ],
    facts: [
      { label: 'Attendees', value: '7' },
      { label: 'Decisions', value: '2' },
      { label: 'Duration', value: '48 min' },
    ],
    quote: {
      text: 'Read-only offline is the version we can ship without breaking anyone’s data.',
      start: 745,
    },
    tags: ['roadmap', 'mobile', 'billing'],
    footer: 'Product weekly · 14 August',
  },
  speech: {
    language: 'en',
    title: 'The Gettysburg Address: a new birth of freedom',
    subtitle: 'Abraham Lincoln, 19 November 1863, at the dedication of the Soldiers’ National Cemetery.',
    points: [
      {
        text: 'Four score and seven years ago our fathers brought forth on this continent a new nation, conceived in Liberty',
        start: 0,
      },
      {
        text: 'We are met on a great battle-field of that war, to dedicate a portion of it as a final resting place',
        start: 28,
      },
      {
        text: 'The world will little note, nor long remember what we say here, but it can never forget what they did here',
        start: 71,
      },
      { text: 'It is for us the living, rather, to be dedicated here to the unfinished work', start: 92 },
      {
        text: 'Government of the people, by the people, for the people, shall not perish from the earth',
        start: 128,
      },
    ],
    facts: [
      { label: 'Words', value: '272' },
      { label: 'Spoken', value: '2 min' },
    ],
    quote: {
      text: 'That this nation, under God, shall have a new birth of freedom — and that government of the people, by the people, for the people, shall not perish from the earth.',
      start: 120,
    },
    tags: ['history', 'lincoln', 'speeches'],
    footer: 'Read aloud: American speeches',
  },
};

/** A talk weighing two options, as the detector reads it from the transcript's sections. */
export const COMPARISON: InfographicData = {
  language: 'en',
  title: 'Heat pump vs gas boiler: what our house learned in one winter',
  subtitle: 'A homeowner compares the first heat-pump winter with ten years on gas.',
  points: [
    { text: 'The heat pump ran longer at lower temperatures and the rooms felt steadier', start: 64 },
    { text: 'Insulating the loft first made a smaller pump enough', start: 301 },
  ],
  comparison: {
    tone: 'neutral',
    left: {
      label: 'Heat pump',
      items: [
        'Running cost fell to about 70 % of the gas bill',
        'Radiators run warm, not hot, for most of the day',
        'Installation took three days and a larger hot-water tank',
        'Quiet outside unit, about as loud as a fridge',
      ],
    },
    right: {
      label: 'Gas boiler',
      items: [
        'Cheaper to buy and fit',
        'Heats a cold house quickly in the morning',
        'Fitted in one day with no change to the pipes',
        'Needs a yearly safety check and a flue',
      ],
    },
  },
  quote: {
    text: 'The first cold week I kept checking the thermostat, and then I stopped thinking about it.',
    start: 412,
    speaker: 'Maria',
  },
  tags: ['heatpump', 'energy', 'home'],
  footer: 'Home energy notes, episode 12',
};
