import { LIMITS } from '@voxpress/contracts';
import { formatFileSize } from '../../i18n/format.ts';
import { i18n } from '../../i18n/i18n.ts';

/** Accepted uploads by MIME type and extension (either matching is enough, as browsers differ). */
export const AUDIO_ACCEPT: Record<string, string[]> = {
  'audio/mpeg': ['.mp3'],
  'audio/mp3': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/wave': ['.wav'],
  'audio/mp4': ['.m4a'],
  'audio/x-m4a': ['.m4a'],
  'audio/ogg': ['.ogg', '.oga'],
  'audio/webm': ['.webm'],
  // Videos with sound: the server takes their sound out (checked by their bytes there).
  'video/mp4': ['.mp4', '.m4v'],
  'video/x-m4v': ['.m4v'],
  'video/quicktime': ['.mov'],
  'video/webm': ['.webm'],
  'video/x-matroska': ['.mkv'],
  'video/x-msvideo': ['.avi'],
  'video/avi': ['.avi'],
};

/** The spec's client-side upload messages (section 5). */
export const UPLOAD_MESSAGES = {
  get invalidType() {
    return t('errors.invalidType');
  },
  get tooLarge() {
    return t('errors.tooLarge');
  },
};

const t = i18n.getFixedT(null, 'audio');

const ACCEPTED_TYPES = '.mp3, .wav, .m4a, .ogg, .webm, .mp4, .mov, .m4v, .mkv, .avi';

/** A file the dropzone refused, with react-dropzone's error codes. */
export interface Rejection {
  file: { name: string; size?: number };
  errors: ReadonlyArray<{ code: string; message: string }>;
}

/** What the form shows for refused files: a headline and the drop messages under it. */
export interface RejectionSummary {
  title: string;
  details: string[];
}

function describe(
  code: string,
  fallback: string,
  maxBytes: number,
): { title: string; detail: string | null } {
  switch (code) {
    case 'file-invalid-type':
      return {
        title: UPLOAD_MESSAGES.invalidType,
        detail: t('errors.typeDetail', { types: ACCEPTED_TYPES }),
      };
    case 'file-too-large':
      return {
        title: UPLOAD_MESSAGES.tooLarge,
        detail: t('errors.sizeDetail', { size: formatFileSize(maxBytes) }),
      };
    case 'file-too-small':
      return { title: t('errors.empty'), detail: t('errors.emptyDetail') };
    case 'too-many-files':
      return { title: t('errors.tooMany'), detail: t('errors.tooManyDetail') };
    default:
      return { title: fallback || UPLOAD_MESSAGES.invalidType, detail: null };
  }
}

/**
 * Turns dropzone rejections into the spec's messages; null when there is nothing to say.
 * `maxBytes`: the server's upload limit, named in the too-large message.
 */
export function summarizeRejections(
  rejections: readonly Rejection[],
  maxBytes: number = LIMITS.maxUploadBytes,
): RejectionSummary | null {
  const seen = new Set<string>();
  let title: string | null = null;
  const details: string[] = [];
  for (const rejection of rejections) {
    for (const error of rejection.errors) {
      if (seen.has(error.code)) continue;
      seen.add(error.code);
      const text = describe(error.code, error.message, maxBytes);
      title ??= text.title;
      if (text.title !== title) details.push(text.title);
      if (text.detail)
        details.push(
          error.code === 'too-many-files'
            ? text.detail
            : t('errors.fileDetail', { name: rejection.file.name, detail: text.detail }),
        );
    }
  }
  return title === null ? null : { title, details };
}
