import type {
  DeleteAccount,
  EmailChange,
  Message,
  PasswordChange,
  TokenPair,
  User,
  UserSettings,
  UserSettingsPatch,
} from '@voxpress/contracts';
import { api, endSession, tokens } from '../../lib/api.ts';
import { ApiError, detailMessage, parseErrorBody } from '../../lib/api-error.ts';

export function saveSettings(patch: UserSettingsPatch): Promise<UserSettings> {
  return api.request<UserSettings>('/users/me/settings', { method: 'PUT', json: patch });
}

export function saveName(fullName: string): Promise<User> {
  return api.request<User>('/users/me/profile', { method: 'PUT', json: { full_name: fullName } });
}

export function changeEmail(change: EmailChange): Promise<User> {
  return api.request<User>('/users/me/email', { method: 'PUT', json: change });
}

export function changePassword(change: PasswordChange): Promise<TokenPair> {
  return api.request<TokenPair>('/users/me/password', { method: 'PUT', json: change });
}

export function signOutEverywhere(): Promise<Message> {
  return api.request<Message>('/users/me/sign-out-everywhere', { method: 'POST', redirectOnExpiry: false });
}

export function deleteAccount(confirm: DeleteAccount): Promise<Message> {
  return api.request<Message>('/users/me', { method: 'DELETE', json: confirm, redirectOnExpiry: false });
}

export function removeAvatar(): Promise<User> {
  return api.request<User>('/users/me/avatar', { method: 'DELETE' });
}

/** `POST /users/me/avatar` (multipart); renews the session once if the token has run out. */
export async function uploadAvatar(file: File): Promise<User> {
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
  return JSON.parse(text) as User;
}

/** A short-lived address that downloads the account's data as a zip. */
export async function exportLink(): Promise<string> {
  return (await api.request<{ url: string }>('/users/me/export/link')).url;
}

export function requestPasswordReset(email: string): Promise<Message> {
  return api.request<Message>('/auth/password/forgot', { auth: false, json: { email } });
}

export function resetPassword(token: string, password: string): Promise<Message> {
  return api.request<Message>('/auth/password/reset', { auth: false, json: { token, password } });
}
