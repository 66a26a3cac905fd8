import { i18n } from '../../i18n/i18n.ts';
import { ApiError, detailMessage, parseErrorBody } from '../../lib/api-error.ts';
import { isNoAnswer, isTimeout } from '../../lib/error-message.ts';
import { XhrFailure } from './xhr-send.ts';

const t = i18n.getFixedT(null, 'audio');

/** The spec's text for a storage PUT that got no answer at all (section 8). */
export function corsMessage(): string {
  return t('errors.cors');
}

/** A storage PUT answered with an error status; the message is ready to show. */
export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** `<Error><Code>…</Code><Message>…</Message></Error>` as S3 (and compatible stores) answer. */
export function parseStorageXmlError(body: string): { code: string; message: string } | null {
  if (!/<Error[\s>]/.test(body)) return null;
  const code = /<Code>([\s\S]*?)<\/Code>/.exec(body)?.[1];
  const message = /<Message>([\s\S]*?)<\/Message>/.exec(body)?.[1];
  if (code === undefined && message === undefined) return null;
  return { code: decodeXml(code ?? 'Unknown'), message: decodeXml(message ?? '') };
}

/** The text for a non-2xx answer to the storage PUT (S3 XML, our server's JSON, or neither). */
export function storageErrorMessage(status: number, body: string): string {
  const xml = parseStorageXmlError(body);
  if (xml) return t('errors.s3', { code: xml.code, message: xml.message });
  const parsed = parseErrorBody(body);
  if (parsed.detail !== null || parsed.code !== null) return detailMessage(status, parsed.detail, parsed);
  return t('errors.storageStatus', { status });
}

/**
 * What an upload failure tells the user: the storage or server message when there was an answer;
 * with no answer, the spec's CORS text for another origin (an S3 bucket) or a plain connection
 * message for our own server (also when a plain request got none); else the fallback ('Failed to upload recording' / '… audio').
 */
export function uploadErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof StorageUploadError || error instanceof ApiError) return error.message || fallback;
  if (error instanceof XhrFailure) {
    switch (error.kind) {
      case 'network':
        return error.crossOrigin ? corsMessage() : t('errors.connectionLost', { fallback });
      case 'timeout':
        return t('errors.timeout', { fallback });
      case 'abort':
        return t('errors.cancelled', { fallback });
    }
  }
  // A request through the API client or fetch that got no answer (or none in time).
  if (isNoAnswer(error)) return t('errors.connectionLost', { fallback });
  if (isTimeout(error)) return t('errors.timeout', { fallback });
  return fallback;
}
