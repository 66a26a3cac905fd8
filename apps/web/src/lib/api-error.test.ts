import { describe, expect, it } from 'vitest';
import { ApiError, detailMessage, formatAuthError } from './api-error.ts';

describe('formatAuthError', () => {
  it('uses the server detail when it is a string', () => {
    expect(formatAuthError(new ApiError(401, 'Incorrect email or password', 'x'))).toEqual([
      'Incorrect email or password',
    ]);
  });

  it('gives one "field: message" line per validation problem, field = last element of loc', () => {
    const detail = [
      { loc: ['body', 'password'], msg: 'Password must be at least 8 characters' },
      { loc: ['body', 'email'], msg: 'Enter a valid email address' },
    ];
    expect(formatAuthError(new ApiError(422, detail, 'x'))).toEqual([
      'password: Password must be at least 8 characters',
      'email: Enter a valid email address',
    ]);
  });

  it('keeps numeric loc parts and copes with an empty loc', () => {
    const detail = [
      { loc: ['body', 'items', 0], msg: 'Bad item' },
      { loc: [], msg: 'Whole body is wrong' },
    ];
    expect(formatAuthError(new ApiError(422, detail, 'x'))).toEqual(['0: Bad item', 'Whole body is wrong']);
  });

  it('falls back to the error message, then to a fixed text', () => {
    expect(formatAuthError(new ApiError(500, null, 'Request failed with status 500'))).toEqual([
      'Request failed with status 500',
    ]);
    expect(formatAuthError(new TypeError('Failed to fetch'))).toEqual([
      'The server could not be reached. Check your connection and try again.',
    ]);
    expect(formatAuthError(new Error(''))).toEqual(['Authentication failed']);
    expect(formatAuthError('nope')).toEqual(['Authentication failed']);
    expect(formatAuthError(undefined)).toEqual(['Authentication failed']);
  });
});

describe('detailMessage', () => {
  it('joins validation lines and falls back to the status', () => {
    expect(detailMessage(422, [{ loc: ['body', 'email'], msg: 'Required' }])).toBe('email: Required');
    expect(detailMessage(404, 'Not Found')).toBe('Not Found');
    expect(detailMessage(502, null)).toBe('Request failed with status 502');
  });
});
