import { convert as htmlToText } from 'html-to-text';
import { HttpError } from '../../lib/http-error.ts';
import { type ArchiveProblem, checkDocxArchive, DOCX_LIMITS } from './document-zip.ts';

export const DOCUMENT_KINDS = ['txt', 'md', 'html', 'docx'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const EXTENSIONS: Record<string, DocumentKind> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  html: 'html',
  htm: 'html',
  docx: 'docx',
};

export const unsupportedDocument = () =>
  new HttpError(415, 'unsupported_format', 'Please upload a text document (TXT, MD, HTML or DOCX).', {
    accepted: 'txt,md,html,docx',
  });

const unreadable = (why: string) =>
  new HttpError(422, 'document_unreadable', `This document could not be read: ${why}.`);

/** A document past what can be read safely: too many parts, too large inflated, too much markup. */
export const tooComplex = (why: string, params: Record<string, number> = {}) =>
  new HttpError(
    413,
    'document_too_complex',
    `This document is too large or complex to read: ${why}. Split it into smaller documents.`,
    params,
  );

function archiveError(problem: ArchiveProblem): HttpError {
  switch (problem.kind) {
    case 'damaged':
      return unreadable('the Word file is damaged');
    case 'too_many_entries':
      return tooComplex(`it holds ${problem.entries} parts, at most ${DOCX_LIMITS.maxEntries}`, {
        max_entries: DOCX_LIMITS.maxEntries,
      });
    case 'too_large':
      return tooComplex(
        `it unpacks to ${Math.round(problem.uncompressedBytes / 1024 / 1024)} MB, at most ${DOCX_LIMITS.maxUncompressedBytes / 1024 / 1024} MB`,
        { max_uncompressed_bytes: DOCX_LIMITS.maxUncompressedBytes },
      );
    case 'too_much_markup':
      return tooComplex(`it holds more than ${DOCX_LIMITS.maxMarkupTags.toLocaleString('en')} elements`, {
        max_elements: DOCX_LIMITS.maxMarkupTags,
      });
  }
}

/** The kind of a document by its name's extension; what its bytes hold is checked on reading. */
export function documentKind(fileName: string): DocumentKind {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const kind = EXTENSIONS[ext];
  if (!kind || !fileName.includes('.')) throw unsupportedDocument();
  return kind;
}

/**
 * The document's text as paragraphs (blank lines between them; in a text file without blank lines,
 * each line). DOCX goes through mammoth once its archive passed `checkDocxArchive`; HTML through
 * html-to-text (scripts and styles dropped); Markdown loses its markup; text files must be UTF-8.
 * Parsing can be slow and large: the server runs this in a worker (see `document-parser.ts`).
 */
export async function documentParagraphs(kind: DocumentKind, bytes: Buffer): Promise<string[]> {
  let text: string;
  if (kind === 'docx') {
    // A DOCX is a ZIP archive: anything else renamed to .docx is refused before parsing.
    if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50)
      throw unreadable('it is not a Word (DOCX) file');
    const problem = checkDocxArchive(bytes);
    if (problem) throw archiveError(problem);
    const { default: mammoth } = await import('mammoth'); // loaded with the first Word file
    try {
      text = (await mammoth.extractRawText({ buffer: bytes })).value;
    } catch {
      throw unreadable('the Word file is damaged');
    }
  } else {
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    } catch {
      throw unreadable('it is not UTF-8 text');
    }
    if (decoded.includes('\u0000')) throw unreadable('it is not a text file');
    text =
      kind === 'html'
        ? htmlToText(decoded, {
            wordwrap: false,
            selectors: [
              { selector: 'a', options: { ignoreHref: true } },
              { selector: 'img', format: 'skip' },
              // Headings as written, and each list item a paragraph of its own.
              ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => ({
                selector: h,
                options: { uppercase: false },
              })),
              { selector: 'ul', format: 'block' },
              { selector: 'ol', format: 'block' },
              { selector: 'li', format: 'paragraph' },
            ],
          })
        : kind === 'md'
          ? stripMarkdown(decoded)
          : decoded;
  }
  const lines = text.replace(/\r\n?/g, '\n');
  // A text file that never leaves a blank line separates its paragraphs with single line breaks.
  const breaks = kind === 'txt' && !/\n[^\S\n]*\n/.test(lines.trim()) ? /\n/ : /\n\s*\n/;
  return lines
    .split(breaks)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
}

/**
 * Markdown's markup off: headings, emphasis, list markers, links (their text stays), code fences.
 * A heading and each list item stay paragraphs of their own.
 */
function stripMarkdown(md: string): string {
  return md
    .replace(/^([ \t]{0,3}#{1,6}[ \t]+.*|[ \t]*(?:[-*+]|\d+[.)])[ \t]+.*)$/gm, '\n$1\n')
    .replace(/^```.*$/gm, '')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2');
}
