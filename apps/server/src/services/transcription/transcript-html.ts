import sanitizeHtml from 'sanitize-html';

/** A block's `data-speaker`, kept only when it is a voice id (`S1`…). */
function keepSpeakerId(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { 'data-speaker': speaker, ...rest } = attribs;
  return {
    tagName,
    attribs: speaker && /^S\d{1,4}$/.test(speaker) ? { ...rest, 'data-speaker': speaker } : rest,
  };
}

/** A CSS colour as the editor writes it: a hex code, rgb()/rgba() or a plain name. */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];

/**
 * What the transcript editor can make, and nothing else: headings, paragraphs, bold, italic,
 * underline, strike, lists, quotes, code, links (http, https, mailto, tel), images (http, https
 * and data: images only), text and background colours, alignment, and the voice a paragraph was
 * said in. Everything else (scripts, event handlers, `javascript:` links, styles beyond those) is
 * removed before the edit is stored, so no client, however written, can store markup that runs
 * in another's browser.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ol',
    'ul',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
    'img',
    'span',
    'mark',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    // The voice a paragraph was said in (`S2`), kept from the speaker turns the editor starts with.
    p: ['data-speaker'],
    h1: ['data-speaker'],
    h2: ['data-speaker'],
    h3: ['data-speaker'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  // A data: address is allowed on images only when it is an image (not a page or a script).
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    /^\s*data:/i.test(frame.attribs.src ?? '') &&
    !/^\s*data:image\//i.test(frame.attribs.src ?? ''),
  transformTags: {
    p: keepSpeakerId,
    h1: keepSpeakerId,
    h2: keepSpeakerId,
    h3: keepSpeakerId,
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target ? { rel: 'noopener noreferrer nofollow' } : {}) },
    }),
  },
};

/** The stored form of an edit's HTML: only what the editor's own features produce. */
export function sanitizeTranscriptHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
