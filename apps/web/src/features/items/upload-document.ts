import type { ContentUploadResponse } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { type MultipartPostDeps, postMultipart } from '../audio/multipart-post.ts';

/** Largest document the server takes (a DOCX with pictures can be large). */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

const EXTENSIONS = ['txt', 'text', 'md', 'markdown', 'html', 'htm', 'docx'];

/** What the file picker offers: the extensions, and their types for browsers that match by type. */
export const DOCUMENT_ACCEPT = [
  ...EXTENSIONS.map((e) => `.${e}`),
  'text/plain',
  'text/markdown',
  'text/html',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

/** Why a file cannot be sent as a document, before any byte leaves the browser; null when it can. */
export function documentProblem(file: { name: string; size: number }): 'type' | 'size' | 'empty' | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!EXTENSIONS.includes(ext)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'size';
  return null;
}

/** The multipart form of `POST /files/upload/content`: the file and, when known, its language. */
export function buildDocumentForm(input: { file: File; language?: string | undefined }): FormData {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  if (input.language) form.append('language', input.language);
  return form;
}

/**
 * Uploads a written document as a content source, with progress; resolves with the new source
 * (its id opens its item page). The server's words on failure, else 'Failed to upload content'.
 */
export async function uploadDocument(
  input: { file: File; language?: string | undefined },
  onProgress: (percent: number) => void,
  deps: MultipartPostDeps,
): Promise<ContentUploadResponse['data']> {
  const fallback = () => i18n.t('items:upload.failedFallback');
  const { status, body } = await postMultipart(
    `${API_BASE}/files/upload/content`,
    () => buildDocumentForm(input),
    onProgress,
    deps,
    fallback,
  );
  const parsed = JSON.parse(body) as Partial<ContentUploadResponse>;
  if (!parsed.data?.content_id) throw new ApiError(status, null, fallback());
  return parsed.data;
}
