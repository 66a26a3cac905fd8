import { INTERFACE_LANGUAGES, type InterfaceLanguage, primaryLanguage } from '@voxpress/contracts';
import { SHARE_PAGE_TEXTS, type SharePageTexts } from './share-page-texts.ts';

/** One passage of the transcript as the page shows it: when, who (if known), what. */
export interface SharePassage {
  start: number | null;
  speaker: { name: string; colour: string } | null;
  text: string;
}

/** Everything a share page shows; every string is escaped here, `html` fields are already safe. */
export interface SharePageData {
  kind: 'audio' | 'document';
  title: string;
  description: string | null;
  /** The item's date (ISO). */
  date: string;
  /** The language the recording or document is in (BCP 47), for the text's `lang`. */
  language: string;
  /** The absolute page address, when the server knows its public address. */
  pageUrl: string | null;
  indexable: boolean;
  audio: { src: string; mime: string | null } | null;
  /** `engine` is the id of the speech engine that heard it; null for a written document. */
  transcript: { engine: string | null; passages: SharePassage[] } | null;
  /** `engine` is the id of the writer that wrote the piece, when recorded. */
  pieces: { title: string; html: string; engine: string | null }[];
  images: { src: string; alt: string; width: number; height: number }[];
  /** The first image as an absolute address, for link previews. */
  previewImage: string | null;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** `m:ss`, or `h:mm:ss` past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A short description for link previews: the item's own, else the start of what was said. */
export function previewText(
  data: Pick<SharePageData, 'description' | 'transcript'>,
  fallback: string,
): string {
  const source =
    data.description?.trim() || data.transcript?.passages.map((p) => p.text).join(' ') || fallback;
  const words = source.replace(/\s+/g, ' ').trim();
  return words.length <= 200 ? words : `${words.slice(0, 199).replace(/\s\S*$/, '')}…`;
}

/**
 * Plain light/dark styles in the page itself: the page needs no script and no request besides its
 * media, and reads at 390 px as on a wide screen.
 */
const STYLE = `
:root{color-scheme:light dark;--bg:#fafafa;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#fff;--accent:#4c5fd5}
@media (prefers-color-scheme:dark){:root{--bg:#16181d;--fg:#e6e8eb;--muted:#a2abb6;--line:#343a42;--card:#1f2228;--accent:#8d9cf5}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:anywhere}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;line-height:1.25;margin:.25rem 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
h3{font-size:1.1rem}
a{color:var(--accent)}
.meta,.engine,footer{color:var(--muted);font-size:.875rem}
.engine{margin:-.25rem 0 .75rem}
audio{width:100%;margin:1rem 0}
.passage{display:grid;grid-template-columns:4.5rem 1fr;gap:.25rem .75rem;margin:0 0 .9rem}
.passage .at{color:var(--muted);font-variant-numeric:tabular-nums;font-size:.875rem;padding-top:.15rem}
.passage.untimed{grid-template-columns:1fr}
.who{display:block;font-weight:600;font-size:.9rem}
.dot{display:inline-block;width:.65rem;height:.65rem;border-radius:50%;margin-inline-end:.4rem}
article{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1rem}
article h3{margin-top:0}
figure{margin:0 0 1.25rem}
figure img{display:block;max-width:100%;height:auto;border-radius:.5rem;border:1px solid var(--line)}
figcaption{color:var(--muted);font-size:.875rem;margin-top:.35rem}
footer{margin-top:3rem;border-top:1px solid var(--line);padding-top:1rem}
@media (max-width:30rem){.passage{grid-template-columns:1fr}.passage .at{padding:0}h1{font-size:1.45rem}}
`;

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'he', 'fa']);
const SPEECH_NAMES: Record<string, string> = { pocketsphinx: 'PocketSphinx', whisper: 'whisper.cpp' };
const MODEL_NAMES: Record<string, string> = {
  openai: 'OpenAI-compatible',
  anthropic: 'Anthropic',
  ollama: 'Ollama',
};

/** The interface language a visitor reads best, from their `Accept-Language`; English otherwise. */
export function pageLanguage(acceptLanguage: string | undefined): InterfaceLanguage {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of wanted) {
    const primary = primaryLanguage(tag);
    const code = primary === 'nb' || primary === 'nn' ? 'no' : primary;
    if ((INTERFACE_LANGUAGES as readonly string[]).includes(code)) return code as InterfaceLanguage;
  }
  return 'en';
}

/** Who heard the recording, in the page's words. */
function transcribedBy(t: SharePageTexts, engine: string): string {
  if (engine === 'openai') return t.transcribedByService;
  return t.transcribedBy.replace('{engine}', SPEECH_NAMES[engine] ?? engine);
}

/** Who wrote a piece, in the page's words: the composer says that it adds nothing. */
function writtenBy(t: SharePageTexts, engine: string): string {
  if (engine === 'composer') return t.writtenByComposer;
  if (engine === 'local') return t.writtenByLocal;
  return t.writtenByModel.replace('{engine}', MODEL_NAMES[engine] ?? engine);
}

function head(lang: InterfaceLanguage, title: string, extra: string, indexable: boolean): string {
  return `<!doctype html>
<html lang="${lang}" dir="${RIGHT_TO_LEFT.has(lang) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${indexable ? '' : '<meta name="robots" content="noindex, nofollow">\n'}<meta name="referrer" content="no-referrer">
${extra}<style>${STYLE}</style>
</head>`;
}

/** The public page of one shared item, its own words in `lang`. */
export function renderSharePage(data: SharePageData, lang: InterfaceLanguage = 'en'): string {
  const t: SharePageTexts = SHARE_PAGE_TEXTS[lang];
  const description = previewText(data, t.previewFallback);
  const meta = [
    ['og:type', 'article'],
    ['og:site_name', 'Voxpress'],
    ['og:title', data.title],
    ['og:description', description],
    ...(data.pageUrl ? [['og:url', data.pageUrl]] : []),
    ...(data.previewImage ? [['og:image', data.previewImage]] : []),
  ]
    .map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c ?? '')}">`)
    .concat(
      [
        ['description', description],
        ['twitter:card', data.previewImage ? 'summary_large_image' : 'summary'],
        ['twitter:title', data.title],
        ['twitter:description', description],
        ...(data.previewImage ? [['twitter:image', data.previewImage]] : []),
      ].map(([n, c]) => `<meta name="${n}" content="${escapeHtml(c ?? '')}">`),
    )
    .join('\n');
  const date = new Date(data.date);
  const textLang = escapeHtml(data.language);
  const sections: string[] = [];
  if (data.audio)
    sections.push(
      `<audio controls preload="metadata" src="${escapeHtml(data.audio.src)}"${
        data.audio.mime ? ` type="${escapeHtml(data.audio.mime)}"` : ''
      }>${escapeHtml(t.cannotPlay)}</audio>`,
    );
  if (data.transcript) {
    const passages = data.transcript.passages.map((p) => {
      const who = p.speaker
        ? `<span class="who"><span class="dot" style="background:${escapeHtml(p.speaker.colour)}" aria-hidden="true"></span>${escapeHtml(p.speaker.name)}</span>`
        : '';
      const at = p.start === null ? '' : `<span class="at">${clock(p.start)}</span>`;
      return `<div class="passage${p.start === null ? ' untimed' : ''}">${at}<p lang="${textLang}" style="margin:0">${who}${escapeHtml(p.text)}</p></div>`;
    });
    sections.push(
      `<section aria-labelledby="transcript"><h2 id="transcript">${escapeHtml(data.kind === 'audio' ? t.transcript : t.text)}</h2>
${data.transcript.engine ? `<p class="engine">${escapeHtml(transcribedBy(t, data.transcript.engine))}</p>\n` : ''}${passages.join('\n') || `<p class="meta">${escapeHtml(t.emptyTranscript)}</p>`}
</section>`,
    );
  }
  if (data.pieces.length > 0)
    sections.push(
      `<section aria-labelledby="written"><h2 id="written">${escapeHtml(data.kind === 'audio' ? t.writtenFromRecording : t.writtenFromDocument)}</h2>
${data.pieces
  .map(
    (piece) => `<article lang="${textLang}"><h3>${escapeHtml(piece.title)}</h3>
${piece.engine ? `<p class="engine">${escapeHtml(writtenBy(t, piece.engine))}</p>\n` : ''}${piece.html}</article>`,
  )
  .join('\n')}
</section>`,
    );
  if (data.images.length > 0)
    sections.push(
      `<section aria-labelledby="images"><h2 id="images">${escapeHtml(t.images)}</h2>
${data.images
  .map(
    (img) =>
      `<figure><img src="${escapeHtml(img.src)}" alt="${escapeHtml(img.alt)}" width="${img.width}" height="${img.height}" loading="lazy"><figcaption>${escapeHtml(img.alt)}</figcaption></figure>`,
  )
  .join('\n')}
</section>`,
    );
  return `${head(lang, data.title, `${meta}\n`, data.indexable)}
<body>
<main>
<header>
<p class="meta">${escapeHtml(data.kind === 'audio' ? t.sharedRecording : t.sharedDocument)}</p>
<h1 lang="${textLang}">${escapeHtml(data.title)}</h1>
<p class="meta"><time datetime="${escapeHtml(date.toISOString())}">${escapeHtml(
    new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date),
  )}</time></p>
${data.description ? `<p lang="${textLang}">${escapeHtml(data.description)}</p>` : ''}
</header>
${sections.join('\n')}
<footer>${escapeHtml(t.footer)}</footer>
</main>
</body>
</html>
`;
}

/** The page for a link that is unknown or revoked (404) or past its expiry (410). */
export function renderShareGonePage(status: 404 | 410, lang: InterfaceLanguage = 'en'): string {
  const t: SharePageTexts = SHARE_PAGE_TEXTS[lang];
  const [title, text] = status === 410 ? [t.expiredTitle, t.expiredText] : [t.goneTitle, t.goneText];
  return `${head(lang, title, '', false)}
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<footer>Voxpress</footer>
</main>
</body>
</html>
`;
}
