import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../i18n/i18n.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { errorMessage, isNoAnswer, NoAnswerError, readableRequestError } from './error-message.ts';
import { createMemoryStorage, createTokenStore } from './token-store.ts';

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
const OFFLINE = 'You are offline. Try again once the connection returns.';

/** What Chromium, Firefox and Safari (new and old) throw when a request gets no answer. */
const BROWSER_WORDS = [
  'Failed to fetch',
  'NetworkError when attempting to fetch resource.',
  'Load failed',
  'The Internet connection appears to be offline.',
  'Could not connect to the server.',
];

describe('the text of an error', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it.each(BROWSER_WORDS)('says the server could not be reached instead of “%s”', (words) => {
    expect(isNoAnswer(new TypeError(words))).toBe(true);
    expect(errorMessage(new TypeError(words), 'Could not save', true)).toBe(UNREACHABLE);
  });

  it('says the device is offline when the browser knows it has no connection', () => {
    for (const words of BROWSER_WORDS) expect(errorMessage(new TypeError(words), 'x', false)).toBe(OFFLINE);
  });

  it('says so in the interface language, at the time it is shown', async () => {
    const error = new NoAnswerError(new TypeError('Failed to fetch'), true);
    await i18n.changeLanguage('fr');
    expect(errorMessage(error, 'x', true)).toBe(
      'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    );
    expect(errorMessage(new TypeError('Load failed'), 'x', false)).toBe(
      'Vous êtes hors ligne. Réessayez dès le retour de la connexion.',
    );
  });

  it('names a request that waited too long for an answer', () => {
    const timeout = new DOMException('The request timed out', 'TimeoutError');
    expect(errorMessage(timeout)).toBe('The server took too long to answer. Try again in a moment.');
    expect(errorMessage(readableRequestError(timeout))).toBe(
      'The server took too long to answer. Try again in a moment.',
    );
  });

  it('keeps the server’s sentence and other mistakes as they are, and falls back when there is none', () => {
    expect(errorMessage(new ApiError(409, 'Taken', 'That name is taken.'), 'x')).toBe('That name is taken.');
    // A TypeError from a bug is not a lost connection.
    expect(isNoAnswer(new TypeError('x is not a function'))).toBe(false);
    expect(errorMessage(new TypeError('x is not a function'), 'x')).toBe('x is not a function');
    expect(errorMessage(new Error('   '), 'Could not save')).toBe('Could not save');
    expect(errorMessage(undefined, 'Could not save')).toBe('Could not save');
    expect(errorMessage(null)).toBe('Something went wrong');
  });

  it('leaves an abort the caller asked for alone', () => {
    const abort = new DOMException('The user aborted a request.', 'AbortError');
    expect(readableRequestError(abort)).toBe(abort);
  });
});

describe('the API client without an answer', () => {
  const tokens = () => {
    const store = createTokenStore(createMemoryStorage());
    store.setTokens({ access_token: 'a', refresh_token: 'r' });
    return store;
  };

  it.each(BROWSER_WORDS.slice(0, 3))(
    'rejects with a readable error when fetch throws “%s”',
    async (words) => {
      const client = createApiClient({
        fetch: async () => {
          throw new TypeError(words);
        },
        tokens: tokens(),
        onSessionExpired: () => {},
      });
      const error = await client.request('/audio').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NoAnswerError);
      // Still a TypeError: the offline recording queue waits and tries again on those.
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(UNREACHABLE);
    },
  );

  it('rejects with a readable error when the server does not answer in time', async () => {
    const client = createApiClient({
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      tokens: tokens(),
      onSessionExpired: () => {},
      timeoutMs: 20,
    });
    await expect(client.request('/audio')).rejects.toThrow(
      'The server took too long to answer. Try again in a moment.',
    );
  });
});
