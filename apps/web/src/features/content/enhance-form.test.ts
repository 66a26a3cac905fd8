import type { Engines } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import {
  addCustomPlatform,
  canAddPlatform,
  type EnhanceForm,
  enhanceButton,
  enhanceRequest,
  initialForm,
  languageUnavailable,
  parseKeywords,
  toggleLanguage,
  togglePlatform,
  withDefaults,
  writerSupport,
} from './enhance-form.ts';

const form = (over: Partial<EnhanceForm> = {}): EnhanceForm => ({
  ...initialForm({ text: 'A walk in the park', title: '', language: 'en-US' }),
  ...over,
});

describe('the Enhance Content form', () => {
  it('starts with the type guessed from the words and the source’s language', () => {
    expect(
      initialForm({ text: 'First the ingredients: flour.', title: '', language: 'en-US' }),
    ).toMatchObject({
      contentType: 'recipe',
      languages: ['en'],
    });
    expect(initialForm({ text: 'Notes', title: 'Team meeting', language: 'es-MX' })).toMatchObject({
      contentType: 'meeting_notes',
      languages: ['es'],
    });
    // A language outside the ten is written in English.
    expect(initialForm({ text: 'x', title: '', language: 'nl-NL' }).languages).toEqual(['en']);
    expect(initialForm({ text: 'x', title: '', language: 'en' }).contentType).toBe('enhanced');
  });

  it('starts from the user’s saved defaults where they chose any', () => {
    const fresh = initialForm({ text: 'The ingredients', title: '', language: 'en' });
    expect(withDefaults(fresh, null)).toBe(fresh);
    expect(
      withDefaults(fresh, { content_languages: ['es', 'en'], content_type: null, platforms: ['medium'] }),
    ).toMatchObject({ contentType: 'recipe', languages: ['es', 'en'], platforms: ['medium'] });
    expect(
      withDefaults(fresh, { content_languages: null, content_type: 'blog_post', platforms: [] }),
    ).toMatchObject({ contentType: 'blog_post', languages: ['en'], platforms: [] });
  });

  it('keeps at least one language: deselecting the last is ignored', () => {
    const one = form();
    expect(toggleLanguage(one, 'en')).toBe(one);
    const two = toggleLanguage(one, 'es');
    expect(two.languages).toEqual(['en', 'es']);
    expect(toggleLanguage(two, 'en').languages).toEqual(['es']);
  });

  it('reads keywords as comma-separated, trimmed, without blanks or repeats', () => {
    expect(parseKeywords(' remote work, , habits ,remote work,')).toEqual(['remote work', 'habits']);
    expect(parseKeywords('  ,  ')).toEqual([]);
  });

  it('adds a custom platform only when non-blank and not picked yet, and removes it', () => {
    expect(canAddPlatform(form({ customPlatform: '   ' }))).toBe(false);
    const withWiki = addCustomPlatform(form({ customPlatform: '  Team Wiki ' }));
    expect(withWiki).toMatchObject({ platforms: ['Team Wiki'], customPlatform: '' });
    expect(canAddPlatform({ ...withWiki, customPlatform: 'team wiki' })).toBe(false);
    expect(addCustomPlatform({ ...withWiki, customPlatform: 'team wiki' }).platforms).toEqual(['Team Wiki']);
    const both = togglePlatform(withWiki, 'medium');
    expect(both.platforms).toEqual(['Team Wiki', 'medium']);
    expect(togglePlatform(both, 'Team Wiki').platforms).toEqual(['medium']);
  });

  it('sends title, keywords and platforms only when present', () => {
    expect(enhanceRequest(form({ title: '  ', keywords: ' , ' }), 't1')).toEqual({
      transcription_id: 't1',
      content_type: 'enhanced',
      language: ['en'],
    });
    expect(
      enhanceRequest(
        form({
          contentType: 'blog_post',
          languages: ['en', 'es'],
          title: ' Working from home ',
          keywords: 'remote, habits',
          platforms: ['wordpress', 'Team Wiki'],
        }),
        't1',
      ),
    ).toEqual({
      transcription_id: 't1',
      content_type: 'blog_post',
      language: ['en', 'es'],
      title: 'Working from home',
      keywords: ['remote', 'habits'],
      target_blog_platforms: ['wordpress', 'Team Wiki'],
    });
  });

  it('says Enhance Recipe for a recipe and Enhancing... while busy', () => {
    expect(enhanceButton('recipe', false)).toBe('recipe');
    expect(enhanceButton('blog_post', false)).toBe('content');
    expect(enhanceButton('recipe', true)).toBe('busy');
  });
});

describe('languages no translator serves', () => {
  const english = form({ languages: ['en'] });

  it('cannot be picked, while the written language and one already picked stay usable', () => {
    const unavailable = ['de', 'hi', 'zh'];
    expect(languageUnavailable(english, 'de', unavailable)).toBe(true);
    expect(languageUnavailable(english, 'zh', unavailable)).toBe(true);
    expect(languageUnavailable(english, 'es', unavailable)).toBe(false);
    // Written first: nothing translates it, so it is always offered.
    expect(languageUnavailable({ ...english, languages: ['de'] }, 'de', unavailable)).toBe(false);
    // Picked earlier (a saved default): it can still be unpicked.
    expect(languageUnavailable({ ...english, languages: ['en', 'hi'] }, 'hi', unavailable)).toBe(false);
  });

  it('are all offered until the server has answered', () => {
    expect(languageUnavailable(english, 'de', undefined)).toBe(false);
  });
});

describe('what the writer makes of each type', () => {
  const engines = (active: string | null): Engines =>
    ({
      ports: [
        {
          port: 'writer',
          kind: 'writer',
          active,
          implementations: [
            { id: 'openai', state: 'missing', reason: 'No address set' },
            {
              id: 'composer',
              state: 'ready',
              reason: 'Built in',
              content_types: { blog_post: 'arranged', story: 'needs_language_model' },
            },
          ],
        },
      ],
    }) as Engines;

  it('reads the active writer’s answer for the type', () => {
    expect(writerSupport(engines('composer'), 'blog_post')).toBe('arranged');
    expect(writerSupport(engines('composer'), 'story')).toBe('needs_language_model');
  });

  it('knows nothing while the engines are loading, for the user’s own types, or with no writer', () => {
    expect(writerSupport(undefined, 'story')).toBeUndefined();
    expect(writerSupport(engines('composer'), 'custom:12')).toBeUndefined();
    expect(writerSupport(engines(null), 'story')).toBeUndefined();
  });
});
