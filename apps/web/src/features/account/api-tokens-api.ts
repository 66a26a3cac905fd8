import type { ApiTokenCreate, ApiTokenCreated, ApiTokenList, Message } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export function listApiTokens(): Promise<ApiTokenList> {
  return api.request<ApiTokenList>('/users/me/tokens');
}

export function createApiToken(input: ApiTokenCreate): Promise<ApiTokenCreated> {
  return api.request<ApiTokenCreated>('/users/me/tokens', { method: 'POST', json: input });
}

export function revokeApiToken(id: string): Promise<Message> {
  return api.request<Message>(`/users/me/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
