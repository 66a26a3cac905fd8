import { describe, expect, it } from 'vitest';
import { checkDetails } from './item-details.ts';

const item = { title: 'Garden walk', description: null };

describe('checkDetails', () => {
  it('sends only what changed, trimmed', () => {
    expect(checkDetails(item, { title: ' Garden walk ', description: '' })).toEqual({
      ok: true,
      update: null,
    });
    expect(checkDetails(item, { title: 'Spring garden', description: '  ' })).toEqual({
      ok: true,
      update: { title: 'Spring garden' },
    });
    expect(checkDetails(item, { title: 'Garden walk', description: ' Ideas ' })).toEqual({
      ok: true,
      update: { description: 'Ideas' },
    });
  });

  it('clears a description emptied by the user', () => {
    expect(checkDetails({ title: 'A', description: 'Old' }, { title: 'A', description: ' ' })).toEqual({
      ok: true,
      update: { description: null },
    });
  });

  it('refuses a blank or over-long title and an over-long description', () => {
    expect(checkDetails(item, { title: '   ', description: '' })).toEqual({
      ok: false,
      problem: 'titleBlank',
    });
    expect(checkDetails(item, { title: 'x'.repeat(301), description: '' })).toEqual({
      ok: false,
      problem: 'titleTooLong',
    });
    expect(checkDetails(item, { title: 'A', description: 'x'.repeat(5001) })).toEqual({
      ok: false,
      problem: 'descriptionTooLong',
    });
  });
});
