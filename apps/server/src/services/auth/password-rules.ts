import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../../lib/http-error.ts';

export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_COMMON =
  'This password is too common or has appeared in data breaches. Choose another one, for example a few unrelated words.';

// zxcvbn's score 2 means about a million guesses or more: past what the sign-in throttle lets an
// attacker try, and past every entry of the common and breached password lists it knows.
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/**
 * Refuses a new password that is short, or common or breached (zxcvbn's password and word
 * lists, keyboard patterns, and the person's own email and name). The message names no field, so
 * the sign-up form shows it as it is.
 */
export function assertStrongPassword(password: string, personal: string[]): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new HttpError(422, 'password_too_weak', PASSWORD_TOO_SHORT);
  // Built on first use: the dictionaries take a moment to index.
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  if (estimator.check(password, personal).score < MIN_SCORE)
    throw new HttpError(422, 'password_too_weak', PASSWORD_TOO_COMMON);
}
