/** Share-intent addresses: X takes text (and a link), LinkedIn and Facebook take a link only. */
export function shareLinks(
  text: string,
  url: string | null,
): { x: string; linkedin: string | null; facebook: string | null } {
  const x = new URL('https://twitter.com/intent/tweet');
  x.searchParams.set('text', text);
  if (url) x.searchParams.set('url', url);
  return {
    x: x.toString(),
    linkedin: url ? `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` : null,
    facebook: url ? `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` : null,
  };
}
