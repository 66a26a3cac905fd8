import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { Item, Transcription } from '@voxpress/contracts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { TranscriptText } from '../transcription/TranscriptText.tsx';
import { ItemList } from './ItemList.tsx';

// In an Arabic, Hebrew or Persian interface, text the user wrote in English must keep its own
// direction: its ellipsis and final period on the right, not flipped to the left by the page.

const at = '2026-11-27T10:00:00.000Z';
const TITLE = 'Quarterly planning meeting with the design team.';

function rtl(node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection="rtl">
        <MantineProvider>
          <MemoryRouter>
            <div dir="rtl">{node}</div>
          </MemoryRouter>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
}

/** The opening tag of the element whose text is exactly `text`. */
function tagAround(html: string, text: string): string {
  const end = html.indexOf(`>${text}<`);
  expect(end, `"${text}" is shown`).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<', end), end + 1);
}

describe('user text in a right-to-left interface', () => {
  it('isolates item titles and matching transcript passages in lists', () => {
    const item: Item & { match: string } = {
      id: 'i1',
      kind: 'document',
      title: TITLE,
      description: null,
      language: 'en',
      transcription_id: 't1',
      audio: null,
      created_at: at,
      updated_at: at,
      match: 'We agreed on the roadmap…',
    };
    const html = rtl(<ItemList items={[item]} highlight={[]} />);
    expect(tagAround(html, TITLE)).toContain('dir="auto"');
    expect(html).toMatch(
      /data-testid="search-match"[^>]*dir="auto"|dir="auto"[^>]*data-testid="search-match"/,
    );
  });

  it('isolates each transcript paragraph', () => {
    const transcription = {
      text: 'First we met.\n\nThen we planned.',
      html: null,
      paragraphs: [],
    } as unknown as Transcription;
    const html = rtl(<TranscriptText transcription={transcription} />);
    expect(tagAround(html, 'First we met.')).toContain('dir="auto"');
    expect(tagAround(html, 'Then we planned.')).toContain('dir="auto"');
  });
});
