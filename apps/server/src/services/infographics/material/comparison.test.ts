import { describe, expect, it } from 'vitest';
import { findComparison, versusNames } from './comparison.ts';
import { materialFromContentData } from './content-data-material.ts';
import { diagramsFor } from './diagrams.ts';
import { dataFor } from './infographic-material.ts';

describe('finding two options compared', () => {
  it('pairs sections headed pros and cons, for first whatever their order', () => {
    const c = findComparison(
      'Should we move the office?',
      [
        { heading: 'Cons', items: ['Longer commute for four people'] },
        { heading: 'Pros:', items: ['Half the rent', 'A room for recording'] },
      ],
      [],
    );
    expect(c).toEqual({
      tone: 'pros',
      left: { label: 'Pros', items: ['Half the rent', 'A room for recording'] },
      right: { label: 'Cons', items: ['Longer commute for four people'] },
    });
  });

  it('reads before and after in German, and the two options a title names', () => {
    expect(
      findComparison(
        'Umzug',
        [
          { heading: 'Vorher', items: ['Drei Büros'] },
          { heading: 'Nachher', items: ['Ein Büro'] },
        ],
        [],
      )?.left.label,
    ).toBe('Vorher');
    expect(versusNames('Heat pump vs gas boiler')).toEqual(['Heat pump', 'gas boiler']);
    const c = findComparison(
      'Renting vs buying',
      [
        {
          heading: '',
          items: ['Renting: no repairs to pay', 'Buying: the payments build equity', 'Renting: easy to move'],
        },
      ],
      [],
    );
    expect(c?.left).toEqual({ label: 'Renting', items: ['No repairs to pay', 'Easy to move'] });
    expect(c?.right).toEqual({ label: 'Buying', items: ['The payments build equity'] });
    expect(c?.tone).toBe('neutral');
  });

  it('sets one hand against the other, in the speaker’s own words', () => {
    const c = findComparison(
      'Four-day week',
      [],
      [
        'On the one hand, people came in rested and the bugs went down. On the other hand, support had gaps on Fridays.',
      ],
    );
    expect(c?.left).toEqual({
      label: 'On the one hand',
      items: ['People came in rested and the bugs went down'],
    });
    expect(c?.right).toEqual({ label: 'On the other hand', items: ['Support had gaps on Fridays'] });
  });

  it('finds nothing in content that compares nothing', () => {
    expect(
      findComparison(
        'Team sync',
        [{ heading: 'Key points', items: ['Ship on Friday', 'Owner: Ana'] }],
        ['We agreed to ship on Friday.'],
      ),
    ).toBeUndefined();
  });

  it('carries a comparison from free-form content to the variations that can draw it', () => {
    const m = materialFromContentData(
      { title: 'Laptop or desktop?', pros: ['Goes anywhere'], cons: ['Costs more for the same power'] },
      'en',
    );
    expect(m?.comparison?.left.label).toBe('Pros');
    const data = dataFor(m as NonNullable<typeof m>, 'key_points');
    expect(data.comparison?.right.items).toEqual(['Costs more for the same power']);
    expect(diagramsFor(data)).toContain('comparison');
  });
});
