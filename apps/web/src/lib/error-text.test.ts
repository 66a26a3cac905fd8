import { errorCodes } from '@voxpress/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../i18n/i18n.ts';
import errors from '../i18n/locales/en/errors.json';
import { ApiError, errorLines, formatAuthError, parseErrorBody } from './api-error.ts';
import { codeMessage, placeholders } from './error-text.ts';

/** Values the server puts in `params` for each code that has any (see the server's HttpError uses). */
const SERVER_PARAMS: Record<string, string[]> = {
  account_locked: ['seconds'],
  quota_exceeded: ['needed_bytes', 'free_bytes', 'quota_bytes'],
  upload_too_large: ['max_bytes'],
  upload_limit_over_storage: ['free_bytes'],
  audio_too_long: ['limit_s', 'duration_s'],
  rate_limited: ['retry_after_s'],
  not_found: ['method', 'path'],
  unsupported_format: ['accepted'],
  upload_content_type_mismatch: ['content_type'],
  range_not_satisfiable: ['size'],
  image_too_large: ['max_bytes'],
  model_unknown: ['known'],
  password_incorrect: ['field'],
  confirmation_mismatch: ['field'],
  rendition_too_long: ['platform', 'part', 'length', 'limit'],
  rendition_too_many_posts: ['platform', 'length', 'limit'],
  import_remote_error: ['status'],
  import_too_large: ['max_bytes'],
};

describe('the errors translation file', () => {
  it('has one message for every error code, and none for a code that does not exist', () => {
    expect(Object.keys(errors).sort()).toEqual([...errorCodes].sort());
  });

  it('fills in only values the server sends with that code', () => {
    const wrong = Object.entries(errors).flatMap(([code, text]) =>
      placeholders(text)
        .filter((name) => !(SERVER_PARAMS[code] ?? []).includes(name))
        .map((name) => `${code}: {{${name}}}`),
    );
    expect(wrong).toEqual([]);
  });
});

describe('server errors in the interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  const quota = parseErrorBody(
    JSON.stringify({
      detail: 'Storage limit reached: this file needs 1.5 MB but only 512 KB of your 10 GB is free.',
      code: 'quota_exceeded',
      params: { needed_bytes: 1_572_864, free_bytes: 524_288, quota_bytes: 10 * 1024 ** 3 },
    }),
  );

  it('keep the server sentence in English', () => {
    expect(errorLines(413, quota.detail, quota)).toEqual([
      'Storage limit reached: this file needs 1.5 MB but only 512 KB of your 10 GB is free.',
    ]);
  });

  it('write the code message with its values when the server sent no sentence', () => {
    expect(errorLines(413, null, quota)[0]).toBe(
      'Storage limit reached: this file needs 1.5 MB, but only 512 kB of your 10 GB is free. ' +
        'Delete recordings you no longer need, or ask your administrator for more space.',
    );
    expect(codeMessage('account_locked', { seconds: 90 })).toBe(
      'Too many failed sign-in attempts for this account. Please wait 1 minute, 30 seconds and try again.',
    );
  });

  it('fall back to the server sentence when a value the message needs is missing', () => {
    expect(codeMessage('upload_too_large', {})).toBeNull();
    expect(
      errorLines(413, 'File size must be less than 100MB.', { code: 'upload_too_large', params: {} }),
    ).toEqual(['File size must be less than 100MB.']);
  });

  it('speak the interface language from the code and its values, not the server English', async () => {
    await i18n.changeLanguage('es');
    expect(errorLines(413, quota.detail, quota)).toEqual([
      'Se alcanzó el límite de almacenamiento: este archivo necesita 1,5 MB, pero solo quedan libres 512 kB ' +
        'de tus 10 GB. Elimina las grabaciones que ya no necesites o pide más espacio a tu administrador.',
    ]);
    await i18n.changeLanguage('ar');
    expect(codeMessage('account_locked', { seconds: 90 })).toBe(
      'محاولات تسجيل دخول فاشلة كثيرة لهذا الحساب. يُرجى الانتظار دقيقة و30 ثانية ثم المحاولة مجددًا.',
    );
    // A field list keeps its lines under the translated sentence.
    const invalid = [{ loc: ['body', 'email'], msg: 'Enter a valid email address' }];
    expect(errorLines(422, invalid, { code: 'validation_failed', params: {} })).toEqual([
      'بعض ما أُرسل غير صالح. راجع ما أدخلته ثم حاول مجددًا.',
      'email: Enter a valid email address',
    ]);
  });

  it('count posts, not characters, when a platform gets more posts than it takes', async () => {
    const params = { platform: 'linkedin', length: 2, limit: 1 };
    expect(codeMessage('rendition_too_many_posts', params)).toBe(
      'Too many posts: this has 2, and the platform takes at most 1. Join or remove posts and save again.',
    );
    await i18n.changeLanguage('fr');
    expect(codeMessage('rendition_too_many_posts', params)).toBe(
      'Trop de publications\u00a0: 2, alors que cette plateforme en accepte au maximum 1. ' +
        'Fusionnez ou supprimez des publications, puis enregistrez à nouveau.',
    );
  });

  it('keep the auth rules of the specification in English', () => {
    const error = new ApiError(401, 'Incorrect email or password', 'x', {
      code: 'invalid_credentials',
      params: {},
    });
    expect(formatAuthError(error)).toEqual(['Incorrect email or password']);
  });
});
