import { MantineProvider } from '@mantine/core';
import type { SearchHit } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { SearchHits } from './SearchHits.tsx';

const hit = (values: Partial<SearchHit>): SearchHit => ({
  item_id: 'a1',
  kind: 'audio',
  title: 'Garden interview',
  type: 'transcript',
  snippet: 'The <mark>zeppelin</mark> flew over &lt;the&gt; greenhouse.',
  start: 754.6,
  end: 760,
  speaker: 'S2',
  speaker_name: 'Maria Lopez',
  rank: 0.1,
  ...values,
});

const render = (hits: SearchHit[]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>
          <SearchHits hits={hits} />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );

describe('search hits', () => {
  it('opens a transcript hit at its second, with its moment, speaker and marked words', () => {
    const html = render([hit({})]);
    expect(html).toContain('href="/items/a1?t=754"');
    expect(html).toContain('aria-label="Open Garden interview at 12:34"');
    expect(html).toContain('12:34 · Maria Lopez');
    expect(html).toContain('<mark>zeppelin</mark>');
    // Escaped text stays text.
    expect(html).toContain('&lt;the&gt;');
    expect(html).not.toContain('<the>');
  });

  it('opens a hit without a time at the top of its item', () => {
    const html = render([
      hit({
        item_id: 'd1',
        kind: 'document',
        type: 'title',
        start: null,
        end: null,
        speaker: null,
        speaker_name: null,
      }),
    ]);
    expect(html).toContain('href="/items/d1"');
    expect(html).toContain('aria-label="Open Garden interview"');
    expect(html).toContain('>Title<');
  });
});
