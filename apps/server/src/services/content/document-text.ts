import { convert as htmlToText } from 'html-to-text';
import mammoth from 'mammoth';
import { HttpError } from '../../lib/http-error.ts';

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

/** The kind of a document by its name's extension; what its bytes hold is checked on reading. */
export function documentKind(fileName: string): DocumentKind {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const kind = EXTENSIONS[ext];
  if (!kind || !fileName.includes('.')) throw unsupportedDocument();
  return kind;
}

/**
 * The document's text as paragraphs (blank lines between them). DOCX goes through mammoth; HTML
 * through html-to-text (scripts and styles dropped); Markdown loses its markup; text files must
 * be UTF-8.
 */
export async function documentParagraphs(kind: DocumentKind, bytes: Buffer): Promise<string[]> {
  let text: string;
  if (kind === 'docx') {
    // A DOCX is a ZIP archive: anything else renamed to .docx is refused before parsing.
    if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50)
      throw unreadable('it is not a Word (DOCX) file');
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
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
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
