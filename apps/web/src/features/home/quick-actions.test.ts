import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { quickActions } from './quick-actions.ts';

describe('the dashboard’s quick actions', () => {
  const actions = quickActions(i18n.getFixedT('en', 'home'));

  it('are the spec’s four: new recording, import file, templates, settings', () => {
    expect(actions.map((a) => a.label)).toEqual([
      'Start new recording',
      'Import file',
      'Templates',
      'Settings',
    ]);
  });

  it('open templates at the gallery’s template collections, by content type', () => {
    const templates = actions.find((a) => a.label === 'Templates');
    const url = new URL(templates?.to ?? '', 'http://voxpress.test');
    expect(url.pathname).toBe('/gallery');
    expect(url.searchParams.get('tab')).toBe('collections');
  });
});
