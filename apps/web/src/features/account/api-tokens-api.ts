import type { ApiTokenCreate } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export function listApiTokens() {
  return api.get('/api/v1/users/me/tokens');
}

export function createApiToken(input: ApiTokenCreate) {
  return api.post('/api/v1/users/me/tokens', { json: input });
}

export function revokeApiToken(id: string) {
  return api.delete('/api/v1/users/me/tokens/{id}', { path: { id } });
}
