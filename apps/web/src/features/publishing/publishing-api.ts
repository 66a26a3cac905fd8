import type { ConnectionCreate, CustomPlatform, PublishRequest, WebhookCreate } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { api, tokens } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';

export type ExportFormat = 'md' | 'html' | 'txt' | 'docx';

export const renditionsKey = (contentId: string, language: string) =>
  ['renditions', contentId, language] as const;
export const publicationsKey = (contentId: string) => ['publications', contentId] as const;
export const connectionsKey = ['publishing', 'connections'] as const;
export const webhooksKey = ['publishing', 'webhooks'] as const;
export const deliveriesKey = (webhookId: string) =>
  ['publishing', 'webhooks', webhookId, 'deliveries'] as const;

export const getRenditions = (contentId: string, language: string) =>
  api.get('/api/v1/content/{id}/renditions', { path: { id: contentId }, query: { language } });

export const saveRendition = (contentId: string, platform: string, language: string, parts: string[]) =>
  api.put('/api/v1/content/{id}/renditions/{platform}', {
    path: { id: contentId, platform },
    json: { language, parts },
  });

export const regenerateRenditions = (contentId: string, language: string, platform?: string) =>
  api.post('/api/v1/content/{id}/renditions/regenerate', {
    path: { id: contentId },
    json: { language, ...(platform ? { platform } : {}) },
  });

export const listConnections = async () => (await api.get('/api/v1/publishing/connections')).items;
export const createConnection = (body: ConnectionCreate) =>
  api.post('/api/v1/publishing/connections', { json: body });
export const deleteConnection = (id: string) =>
  api.delete('/api/v1/publishing/connections/{id}', { path: { id } });

export const publishPiece = (contentId: string, body: PublishRequest) =>
  api.post('/api/v1/content/{id}/publish', { path: { id: contentId }, json: body });
export const listPublications = async (contentId: string) =>
  (await api.get('/api/v1/content/{id}/publications', { path: { id: contentId } })).items;

export const listWebhooks = async () => (await api.get('/api/v1/publishing/webhooks')).items;
export const createWebhook = (body: WebhookCreate) => api.post('/api/v1/publishing/webhooks', { json: body });
export const deleteWebhook = (id: string) => api.delete('/api/v1/publishing/webhooks/{id}', { path: { id } });
export const listDeliveries = async (id: string) =>
  (await api.get('/api/v1/publishing/webhooks/{id}/deliveries', { path: { id } })).items;

/** Downloads the piece in one language through the browser's save dialog. */
export async function downloadExport(
  contentId: string,
  language: string,
  format: ExportFormat,
): Promise<void> {
  const url = `/api/v1/content/${contentId}/export?format=${format}&language=${encodeURIComponent(language)}`;
  const fetchOnce = () =>
    fetch(url, { headers: { Authorization: `Bearer ${tokens.getAccessToken() ?? ''}` } });
  let res = await fetchOnce();
  if (res.status === 401 && (await api.refresh())) res = await fetchOnce();
  if (!res.ok)
    throw new ApiError(res.status, null, i18n.t('publishing:export.failed', { status: res.status }));
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name ? decodeURIComponent(name) : `content.${format}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const saveCustomPlatform = (platform: CustomPlatform) =>
  api.put('/api/v1/publishing/platforms', { json: platform });
