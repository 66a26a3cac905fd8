import { MantineProvider } from '@mantine/core';
import type { AskAnswer, AskPassage } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { AskAnswerView } from './AskBox.tsx';
import { readSseEvents } from './ask-api.ts';

const passage: AskPassage = {
  id: 1,
  item_id: 'a1',
  kind: 'audio',
  title: 'Budget review',
  start: 723.4,
  end: 731,
  speaker: 'S1',
  speaker_name: 'Ana',
  text: 'We agreed to move the test servers to a smaller plan.',
  matched: 'words',
};
/** A passage that shares no word with the question: found by its meaning alone. */
const related: AskPassage = {
  ...passage,
  id: 2,
  start: 80,
  end: 86,
  text: 'The hosting bill should shrink once we downsize the machines.',
  matched: 'meaning',
};
const search = { id: 'search', name: 'Full-text search', model: null };

const render = (answer: AskAnswer) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>
          <AskAnswerView answer={answer} />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );

const answer = (values: Partial<AskAnswer>): AskAnswer => ({
  question: 'What about the servers?',
  mode: 'answer',
  sentences: [],
  passages: [passage],
  engine: { id: 'openai', name: 'OpenAI-compatible chat API', model: 'gpt-test' },
  retrieval: { by: 'words', model: null },
  note: null,
  dropped: 0,
  ...values,
});

describe('asking the library', () => {
  it('shows each sentence with chips that play the second it was said, and names the model', () => {
    const html = render(
      answer({
        sentences: [
          {
            text: 'The test servers move to a smaller plan.',
            citations: [{ ...passage, passage_id: 1 }],
          },
        ],
      }),
    );
    expect(html).toContain('The test servers move to a smaller plan.');
    expect(html).toContain('href="/items/a1?t=723"');
    expect(html).toContain('Ana · 12:03 · Budget review');
    expect(html).toContain('aria-label="Play what Ana said at 12:03 in Budget review"');
    expect(html).toContain('Written by gpt-test (OpenAI-compatible chat API) from the passages cited');
    expect(html).toContain('Found by the words of your question.');
  });

  it('says the recordings do not say, and shows the closest passages', () => {
    const html = render(answer({ mode: 'unsupported' }));
    expect(html).toContain('The recordings don&#x27;t say.');
    expect(html).toContain('Closest passages');
    expect(html).toContain('We agreed to move the test servers');
  });

  it('without a language model, gives the passages and says why', () => {
    const html = render(answer({ mode: 'passages', note: 'no_language_model', engine: search }));
    expect(html).toContain('No language model is set up');
    expect(html).toContain('We agreed to move the test servers');
    expect(html).toContain('Nothing was written; these are the passages themselves.');
    expect(html).toContain('Found by the words of your question.');
    const none = render(
      answer({ mode: 'passages', note: 'no_language_model', engine: search, passages: [] }),
    );
    expect(none).toContain('Nothing in your recordings matches this question.');
  });

  it('says the passages were found by meaning too, naming the embedding model', () => {
    const retrieval = { by: 'words_and_meaning', model: 'embeddinggemma-300m' } as const;
    for (const html of [
      render(answer({ retrieval })),
      render(answer({ mode: 'unsupported', retrieval })),
      render(answer({ mode: 'passages', note: 'no_language_model', engine: search, retrieval })),
    ]) {
      expect(html).toContain('Found by words and by meaning (embeddinggemma-300m).');
      expect(html).not.toContain('Found by the words of your question.');
    }
  });

  it('labels in words only the passages found by meaning alone', () => {
    const retrieval = { by: 'words_and_meaning', model: 'embeddinggemma-300m' } as const;
    const both: AskPassage = {
      ...passage,
      id: 3,
      start: 200,
      text: 'Smaller servers, smaller bill.',
      matched: 'both',
    };
    const html = render(
      answer({
        mode: 'passages',
        note: 'no_language_model',
        engine: search,
        retrieval,
        passages: [passage, related, both],
      }),
    );
    const items = html.split('<li').slice(1);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('We agreed to move the test servers');
    expect(items[0]).not.toContain('Related in meaning');
    expect(items[1]).toContain('The hosting bill should shrink');
    expect(items[1]).toContain('Related in meaning');
    expect(items[2]).toContain('Smaller servers, smaller bill.');
    expect(items[2]).not.toContain('Related in meaning');
    const words = render(answer({ mode: 'unsupported', passages: [passage] }));
    expect(words).not.toContain('Related in meaning');
  });

  it('reads server-sent events as they arrive, keeping an unfinished one for later', () => {
    const first = readSseEvents(
      'retry: 3000\n\nevent: passages\ndata: {"event":"passages","passages":[],"engine":{"id":"search","name":"x","model":null}}\n\nevent: sentence\ndata: {"ev',
    );
    expect(first.events.map((e) => e.event)).toEqual(['passages']);
    const second = readSseEvents(
      `${first.rest}ent":"sentence","sentence":{"text":"Hi.","citations":[]}}\n\n: keep-alive\n\n`,
    );
    expect(second.events).toEqual([{ event: 'sentence', sentence: { text: 'Hi.', citations: [] } }]);
    expect(second.rest).toBe('');
  });
});
