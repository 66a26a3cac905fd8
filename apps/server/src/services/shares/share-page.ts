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
  /** `engine` is the speech engine that heard it; null for a written document. */
  transcript: { engine: string | null; passages: SharePassage[] } | null;
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
export function previewText(data: Pick<SharePageData, 'description' | 'transcript'>): string {
  const source =
    data.description?.trim() ||
    data.transcript?.passages.map((p) => p.text).join(' ') ||
    'Shared with Voxpress';
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

function head(title: string, extra: string, indexable: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${indexable ? '' : '<meta name="robots" content="noindex, nofollow">\n'}<meta name="referrer" content="no-referrer">
${extra}<style>${STYLE}</style>
</head>`;
}

/** The public page of one shared item. */
export function renderSharePage(data: SharePageData): string {
  const description = previewText(data);
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
  const lang = escapeHtml(data.language);
  const sections: string[] = [];
  if (data.audio)
    sections.push(
      `<audio controls preload="metadata" src="${escapeHtml(data.audio.src)}"${
        data.audio.mime ? ` type="${escapeHtml(data.audio.mime)}"` : ''
      }>Your browser cannot play this recording.</audio>`,
    );
  if (data.transcript) {
    const passages = data.transcript.passages.map((p) => {
      const who = p.speaker
        ? `<span class="who"><span class="dot" style="background:${escapeHtml(p.speaker.colour)}" aria-hidden="true"></span>${escapeHtml(p.speaker.name)}</span>`
        : '';
      const at = p.start === null ? '' : `<span class="at">${clock(p.start)}</span>`;
      return `<div class="passage${p.start === null ? ' untimed' : ''}">${at}<p lang="${lang}" style="margin:0">${who}${escapeHtml(p.text)}</p></div>`;
    });
    sections.push(
      `<section aria-labelledby="transcript"><h2 id="transcript">${data.kind === 'audio' ? 'Transcript' : 'Text'}</h2>
${data.transcript.engine ? `<p class="engine">Transcribed by ${escapeHtml(data.transcript.engine)}</p>\n` : ''}${passages.join('\n') || '<p class="meta">The transcript is empty.</p>'}
</section>`,
    );
  }
  if (data.pieces.length > 0)
    sections.push(
      `<section aria-labelledby="written"><h2 id="written">Written from this ${data.kind === 'audio' ? 'recording' : 'document'}</h2>
${data.pieces
  .map(
    (piece) => `<article lang="${lang}"><h3>${escapeHtml(piece.title)}</h3>
${piece.engine ? `<p class="engine">Written by ${escapeHtml(piece.engine)}</p>\n` : ''}${piece.html}</article>`,
  )
  .join('\n')}
</section>`,
    );
  if (data.images.length > 0)
    sections.push(
      `<section aria-labelledby="images"><h2 id="images">Images</h2>
${data.images
  .map(
    (img) =>
      `<figure><img src="${escapeHtml(img.src)}" alt="${escapeHtml(img.alt)}" width="${img.width}" height="${img.height}" loading="lazy"><figcaption>${escapeHtml(img.alt)}</figcaption></figure>`,
  )
  .join('\n')}
</section>`,
    );
  return `${head(data.title, `${meta}\n`, data.indexable)}
<body>
<main>
<header>
<p class="meta">${data.kind === 'audio' ? 'Shared recording' : 'Shared document'}</p>
<h1 lang="${lang}">${escapeHtml(data.title)}</h1>
<p class="meta"><time datetime="${escapeHtml(date.toISOString())}">${escapeHtml(
    new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(date),
  )}</time></p>
${data.description ? `<p lang="${lang}">${escapeHtml(data.description)}</p>` : ''}
</header>
${sections.join('\n')}
<footer>Shared read-only with Voxpress. Only what the owner chose to share is shown here.</footer>
</main>
</body>
</html>
`;
}

/** The page for a link that is unknown or revoked (404) or past its expiry (410). */
export function renderShareGonePage(status: 404 | 410): string {
  const [title, text] =
    status === 410
      ? [
          'This link has expired',
          'The owner set this share link to stop working after a date that has passed.',
        ]
      : ['This link does not work', 'The share link is wrong, or its owner has revoked it.'];
  return `${head(title, '', false)}
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<footer>Voxpress</footer>
</main>
</body>
</html>
`;
}
