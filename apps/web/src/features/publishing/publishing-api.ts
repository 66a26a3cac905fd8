import type {
  Connection,
  ConnectionCreate,
  CustomPlatform,
  Publication,
  PublishRequest,
  PublishResult,
  Rendition,
  RenditionList,
  Webhook,
  WebhookCreate,
  WebhookCreated,
  WebhookDelivery,
} from '@voxpress/contracts';
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
  api.request<RenditionList>(`/content/${contentId}/renditions?language=${encodeURIComponent(language)}`);

export const saveRendition = (contentId: string, platform: string, language: string, parts: string[]) =>
  api.request<Rendition>(`/content/${contentId}/renditions/${encodeURIComponent(platform)}`, {
    method: 'PUT',
    json: { language, parts },
  });

export const regenerateRenditions = (contentId: string, language: string, platform?: string) =>
  api.request<RenditionList>(`/content/${contentId}/renditions/regenerate`, {
    method: 'POST',
    json: { language, ...(platform ? { platform } : {}) },
  });

export const listConnections = async () =>
  (await api.request<{ items: Connection[] }>('/publishing/connections')).items;
export const createConnection = (body: ConnectionCreate) =>
  api.request<Connection>('/publishing/connections', { method: 'POST', json: body });
export const deleteConnection = (id: string) =>
  api.request<{ message: string }>(`/publishing/connections/${id}`, { method: 'DELETE' });

export const publishPiece = (contentId: string, body: PublishRequest) =>
  api.request<PublishResult>(`/content/${contentId}/publish`, { method: 'POST', json: body });
export const listPublications = async (contentId: string) =>
  (await api.request<{ items: Publication[] }>(`/content/${contentId}/publications`)).items;

export const listWebhooks = async () =>
  (await api.request<{ items: Webhook[] }>('/publishing/webhooks')).items;
export const createWebhook = (body: WebhookCreate) =>
  api.request<WebhookCreated>('/publishing/webhooks', { method: 'POST', json: body });
export const deleteWebhook = (id: string) =>
  api.request<{ message: string }>(`/publishing/webhooks/${id}`, { method: 'DELETE' });
export const listDeliveries = async (id: string) =>
  (await api.request<{ items: WebhookDelivery[] }>(`/publishing/webhooks/${id}/deliveries`)).items;

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
  api.request<CustomPlatform>('/publishing/platforms', { method: 'PUT', json: platform });
