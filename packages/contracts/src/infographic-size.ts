// No zod here: the browser imports this at run time.

/** Pixel width and height of a `WxH` size such as `1080x1920` (0 for a side that is missing). */
export function parseInfographicSize(value: string): { width: number; height: number } {
  const [width = 0, height = 0] = value.split('x').map(Number);
  return { width, height };
}
