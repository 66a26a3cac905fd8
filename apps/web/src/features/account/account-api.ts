import type { DeleteAccount, EmailChange, PasswordChange, UserSettingsPatch } from '@voxpress/contracts';
import type { ResponseOf } from '../../lib/api/routes.ts';
import { api, endSession, tokens } from '../../lib/api.ts';
import { ApiError, detailMessage, parseErrorBody } from '../../lib/api-error.ts';

export function saveSettings(patch: UserSettingsPatch) {
  return api.put('/api/v1/users/me/settings', { json: patch });
}

export function saveName(fullName: string) {
  return api.put('/api/v1/users/me/profile', { json: { full_name: fullName } });
}

export function changeEmail(change: EmailChange) {
  return api.put('/api/v1/users/me/email', { json: change });
}

export function changePassword(change: PasswordChange) {
  return api.put('/api/v1/users/me/password', { json: change });
}

export function signOutEverywhere() {
  return api.post('/api/v1/users/me/sign-out-everywhere', { redirectOnExpiry: false });
}

export function deleteAccount(confirm: DeleteAccount) {
  return api.delete('/api/v1/users/me', { json: confirm, redirectOnExpiry: false });
}

export function removeAvatar() {
  return api.delete('/api/v1/users/me/avatar');
}

/** `POST /users/me/avatar` (multipart); renews the session once if the token has run out. */
export async function uploadAvatar(file: File): Promise<ResponseOf<'/api/v1/users/me/avatar', 'post'>> {
  const send = () => {
    const form = new FormData();
    form.append('file', file);
    const token = tokens.getAccessToken();
    return fetch('/api/v1/users/me/avatar', {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  };
  let res = await send();
  if (res.status === 401 && (await api.refresh())) res = await send();
  if (res.status === 401) endSession();
  const text = await res.text();
  if (!res.ok) {
    const body = parseErrorBody(text);
    throw new ApiError(res.status, body.detail, detailMessage(res.status, body.detail, body), body);
  }
  return JSON.parse(text);
}

/** A short-lived address that downloads the account's data as a zip. */
export async function exportLink(): Promise<string> {
  return (await api.get('/api/v1/users/me/export/link')).url;
}

export function requestPasswordReset(email: string) {
  return api.post('/api/v1/auth/password/forgot', { auth: false, json: { email } });
}

export function resetPassword(token: string, password: string) {
  return api.post('/api/v1/auth/password/reset', { auth: false, json: { token, password } });
}
