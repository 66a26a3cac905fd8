import type { Locator, Page } from 'playwright-core';

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

let counter = 0;

/** A new, unique account for one test. */
export function newAccount(fullName = 'Ada Lovelace'): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { email: `ada.${tag}@example.com`, password: 'correct horse battery', fullName };
}

/** The open sign-in / create-account modal, found by its title. */
export function authDialog(page: Page, title: 'Sign In' | 'Create Account'): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Fills and submits the modal form. */
export async function submitAuthForm(
  dialog: Locator,
  values: { email: string; password: string; fullName?: string },
): Promise<void> {
  if (values.fullName !== undefined) await dialog.locator('input[name="full_name"]').fill(values.fullName);
  await dialog.locator('input[name="email"]').fill(values.email);
  await dialog.locator('input[name="password"]').fill(values.password);
  await dialog.locator('form button[type="submit"]').click();
}

/** The account button of the control panel (signed in or not). */
export function accountButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Account menu/ });
}

export function readTokens(page: Page): Promise<{ access: string | null; refresh: string | null }> {
  return page.evaluate<{ access: string | null; refresh: string | null }>(
    "({ access: localStorage.getItem('access_token'), refresh: localStorage.getItem('refresh_token') })",
  );
}

/**
 * Creates an account through the API from inside the page (on its origin) and keeps its tokens
 * where the app reads them: for tests about something other than signing in. Returns the account.
 */
export async function signUpThroughApi(page: Page, fullName = 'Ada Lovelace'): Promise<Account> {
  const account = newAccount(fullName);
  const body = JSON.stringify({ email: account.email, password: account.password, full_name: fullName });
  const ok = await page.evaluate(`(async () => {
    const res = await fetch('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: ${JSON.stringify(body)},
    });
    const json = await res.json();
    const tokens = json.data ?? json;
    localStorage.setItem('access_token', tokens.access_token);
    localStorage.setItem('refresh_token', tokens.refresh_token);
    return res.ok;
  })()`);
  if (!ok) throw new Error('Could not create an account through the API');
  return account;
}
