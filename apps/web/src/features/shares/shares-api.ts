import type { ShareCreate } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const shareKeys = {
  /** Every list of links: what making or revoking one makes stale. */
  all: ['shares'] as const,
  item: (itemId: string) => ['shares', 'item', itemId] as const,
  mine: ['shares', 'mine'] as const,
};

export const listItemShares = (itemId: string) =>
  api.get('/api/v1/items/{id}/shares', { path: { id: itemId } }).then((r) => r.shares);

export const listMyShares = () => api.get('/api/v1/users/me/shares').then((r) => r.shares);

export const createShare = (itemId: string, input: ShareCreate) =>
  api.post('/api/v1/items/{id}/shares', { path: { id: itemId }, json: input });

/** Revokes by the link's id (its token stays out of the address bar and logs). */
export const revokeShare = (id: string) => api.delete('/api/v1/shares/{token}', { path: { token: id } });

/** The page's full address: the server gives a path when it does not know its public address. */
export function absoluteShareUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}
