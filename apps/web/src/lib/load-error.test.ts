import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { loadErrorMessage } from './load-error.ts';

const OFFLINE_EN =
  'You are offline, and this has not been kept on this device. It loads as soon as the connection returns.';

describe('the message of a load that failed', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('says the device is offline instead of the browser’s bare “Failed to fetch”', () => {
    expect(loadErrorMessage(new TypeError('Failed to fetch'), false)).toBe(OFFLINE_EN);
    expect(loadErrorMessage(new TypeError('NetworkError when attempting to fetch resource.'), false)).toBe(
      OFFLINE_EN,
    );
    expect(loadErrorMessage(new TypeError('Load failed'), false)).toBe(OFFLINE_EN);
  });

  it('says the server could not be reached when the device is online', () => {
    for (const words of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ]) {
      expect(loadErrorMessage(new TypeError(words), true)).toBe(
        'The server could not be reached. Check your connection and try again.',
      );
    }
  });

  it('says it in the interface language', async () => {
    await i18n.changeLanguage('fr');
    expect(loadErrorMessage(new TypeError('Failed to fetch'), false)).toBe(
      'Vous êtes hors ligne, et ce contenu n’a pas été conservé sur cet appareil. Il se chargera dès le retour de la connexion.',
    );
  });

  it('keeps the server’s own message when it answered, and any other mistake as it is', () => {
    expect(loadErrorMessage(new ApiError(500, 'Boom', 'The server broke'), false)).toBe('The server broke');
    expect(loadErrorMessage(new TypeError('x is not a function'), true)).toBe('x is not a function');
  });
});
