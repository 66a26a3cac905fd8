import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  TextRun,
} from 'docx';
import type { Token, Tokens } from 'marked';
import { decode, markdownToHtml, markdownTokens, markdownToText } from '../../lib/markdown.ts';

export type ExportFormat = 'md' | 'html' | 'txt' | 'docx';

/** A piece in one language, ready to be written out. */
export interface ExportPiece {
  title: string;
  /** Markdown, as the piece is stored. */
  markdown: string;
  language: string;
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The piece as a file: its title first, then its headings, paragraphs, lists and links. */
export async function exportPiece(piece: ExportPiece, format: ExportFormat): Promise<Buffer> {
  const title = piece.title.trim();
  const body = piece.markdown.trim();
  switch (format) {
    case 'md':
      return Buffer.from(`# ${title}\n\n${body}\n`);
    case 'txt':
      return Buffer.from(`${title}\n\n${markdownToText(body)}`);
    case 'html':
      return Buffer.from(
        `<!doctype html>\n<html lang="${escapeHtml(piece.language)}">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>\n</head>\n<body>\n<article>\n<h1>${escapeHtml(title)}</h1>\n${markdownToHtml(body)}\n</article>\n</body>\n</html>\n`,
      );
    case 'docx':
      return docx(title, body, piece.language);
  }
}

/**
 * A file name from the title: letters, digits, spaces, dots and dashes of any script, at most 80
 * characters, never empty. Headers carry it as `filename*=UTF-8''…` with an ASCII fallback.
 */
export function fileNameFor(title: string, extension: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{M} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 80)
    .trim();
  return `${base || 'content'}.${extension}`;
}

export function contentDisposition(fileName: string): string {
  const extension = fileName.split('.').at(-1) ?? 'bin';
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const fallback =
    ascii.length > extension.length + 1 && !ascii.startsWith('.') ? ascii : `content.${extension}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

/** Inline Markdown as runs: bold, italic, code and links (real hyperlinks) survive. */
function runs(
  tokens: Token[] | undefined,
  style: { bold?: boolean; italics?: boolean } = {},
): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...runs((t as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...runs((t as Tokens.Em).tokens, { ...style, italics: true }));
        break;
      case 'link': {
        const link = t as Tokens.Link;
        out.push(
          new ExternalHyperlink({
            link: link.href,
            children: [new TextRun({ text: decode(link.text), style: 'Hyperlink', ...style })],
          }),
        );
        break;
      }
      case 'codespan':
        out.push(new TextRun({ text: decode((t as Tokens.Codespan).text), font: 'Consolas', ...style }));
        break;
      case 'br':
        out.push(new TextRun({ text: '', break: 1 }));
        break;
      default:
        if ('tokens' in t && Array.isArray(t.tokens) && t.tokens.length)
          out.push(...runs(t.tokens as Token[], style));
        else out.push(new TextRun({ text: decode('text' in t ? String(t.text) : t.raw), ...style }));
    }
  }
  return out;
}

async function docx(title: string, markdown: string, language: string): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }),
  ];
  let lists = 0;
  const walk = (tokens: Token[], level: number, quote: boolean) => {
    for (const t of tokens) {
      switch (t.type) {
        case 'heading': {
          const h = t as Tokens.Heading;
          // The title is the document's only Title; the piece's own headings keep their levels.
          children.push(
            new Paragraph({ heading: HEADINGS[Math.min(h.depth, 6) - 1], children: runs(h.tokens) }),
          );
          break;
        }
        case 'paragraph':
          children.push(
            new Paragraph({
              children: runs((t as Tokens.Paragraph).tokens),
              ...(quote ? { style: 'Quote' } : {}),
            }),
          );
          break;
        case 'list': {
          const list = t as Tokens.List;
          const instance = lists++;
          for (const item of list.items) {
            const [first, ...rest] = item.tokens;
            const inline =
              first && 'tokens' in first
                ? (first.tokens as Token[])
                : [{ type: 'text', raw: item.text, text: item.text } as Token];
            children.push(
              new Paragraph({
                children: runs(inline),
                ...(list.ordered
                  ? { numbering: { reference: 'numbered', level, instance } }
                  : { bullet: { level } }),
              }),
            );
            walk(rest, level + 1, quote);
          }
          break;
        }
        case 'blockquote':
          walk((t as Tokens.Blockquote).tokens, level, true);
          break;
        case 'code':
          children.push(
            new Paragraph({ children: [new TextRun({ text: (t as Tokens.Code).text, font: 'Consolas' })] }),
          );
          break;
        default:
          break;
      }
    }
  };
  walk(markdownTokens(markdown), 0, false);
  const doc = new Document({
    title,
    creator: 'Voxpress',
    styles: { default: { document: { run: { language: { value: language } } } } },
    numbering: {
      config: [
        {
          reference: 'numbered',
          levels: [0, 1, 2, 3].map((level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
