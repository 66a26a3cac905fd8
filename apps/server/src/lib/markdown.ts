import { marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** Tags an article keeps: structure, emphasis, links, quotes and code; nothing that runs. */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'blockquote',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'code',
    'pre',
    'del',
  ],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** Markdown (as content is stored) to safe HTML: headings, lists, links and emphasis survive. */
export function markdownToHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, ARTICLE_HTML).trim();
}

/** The blocks of a Markdown text, for writers of other formats (DOCX, plain text). */
export function markdownTokens(markdown: string): Token[] {
  return marked.lexer(markdown, { gfm: true });
}

/** Markdown as plain text: headings and paragraphs on their own lines, links as "text (address)". */
export function markdownToText(markdown: string): string {
  const out: string[] = [];
  const inline = (tokens: Token[] | undefined): string =>
    (tokens ?? [])
      .map((t) => {
        if (t.type === 'link') {
          const label = inline((t as Tokens.Link).tokens);
          const href = (t as Tokens.Link).href;
          return label === href ? href : `${label} (${href})`;
        }
        if ('tokens' in t && Array.isArray(t.tokens)) return inline(t.tokens);
        if (t.type === 'br') return '\n';
        return decode('text' in t ? String(t.text) : t.raw);
      })
      .join('');
  const walk = (tokens: Token[], depth: number) => {
    for (const t of tokens) {
      switch (t.type) {
        case 'heading':
        case 'paragraph':
          out.push(inline((t as Tokens.Heading | Tokens.Paragraph).tokens));
          break;
        case 'list': {
          const list = t as Tokens.List;
          const start = typeof list.start === 'number' ? list.start : 1;
          const lines = list.items.map((item, i) => {
            const marker = list.ordered ? `${start + i}.` : '•';
            const [first, ...rest] = item.tokens;
            const head = first && 'tokens' in first ? inline(first.tokens as Token[]) : decode(item.text);
            const nested: string[] = [];
            const before = out.length;
            walk(rest, depth + 1);
            nested.push(...out.splice(before));
            return [`${'  '.repeat(depth)}${marker} ${head}`, ...nested].join('\n');
          });
          out.push(lines.join('\n'));
          break;
        }
        case 'blockquote':
          walk((t as Tokens.Blockquote).tokens, depth);
          break;
        case 'code':
          out.push((t as Tokens.Code).text);
          break;
        case 'space':
        case 'hr':
          break;
        default:
          if ('text' in t) out.push(decode(String(t.text)));
      }
    }
  };
  walk(markdownTokens(markdown), 0);
  return `${out.filter((l) => l.trim()).join('\n\n')}\n`;
}

/** marked leaves HTML entities in text tokens (`&amp;`, `&#39;`). */
export function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
