/**
 * The passage of `text` around the first of `words` found in it (any case), about `radius`
 * characters either side (whole words), marked with an ellipsis where cut. Null when no word
 * occurs in the text.
 */
export function excerpt(text: string, words: string[], radius = 70): string | null {
  const lower = text.toLowerCase();
  let at = -1;
  let length = 0;
  for (const word of words) {
    const i = lower.indexOf(word.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) {
      at = i;
      length = word.length;
    }
  }
  if (at < 0) return null;
  // Widen to whole words rather than cut one.
  const start = text.lastIndexOf(' ', Math.max(0, at - radius)) + 1;
  const space = text.indexOf(' ', Math.min(text.length, at + length + radius));
  const end = space < 0 ? text.length : space;
  const passage = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${passage}${end < text.length ? '…' : ''}`;
}
