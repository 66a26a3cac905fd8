/** The words of a library search (`q`), as the server matches them and the browser marks them. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 10);
}
