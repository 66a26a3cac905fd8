import { MantineProvider } from '@mantine/core';
import type { Quote } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { GroundedList } from './GroundedList.tsx';

const quotes: Quote[] = [
  { text: 'A hot oven gives the crust its colour.', segment_ids: [4], start: 723.9, speaker: 'Ana' },
  { text: 'I leave my dough overnight.', segment_ids: [3], start: 15 },
];

const render = (items: Quote[], asQuotes = true) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <GroundedList title="Quotes" items={items} quotes={asQuotes} />
      </MantineProvider>
    </I18nextProvider>,
  )
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"');

describe('quotes beside a piece', () => {
  it('name the speaker who said them, before the time, and no one for an unnamed voice', async () => {
    await i18n.changeLanguage('en');
    const text = render(quotes);
    expect(text).toContain('“A hot oven gives the crust its colour.” — Ana, 12:03');
    expect(text).toContain('“I leave my dough overnight.” 00:15');
  });

  it('leave key points without a speaker', async () => {
    await i18n.changeLanguage('en');
    expect(render(quotes, false)).not.toContain('Ana');
  });
});
