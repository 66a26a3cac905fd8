/** The shape of a canvas and the units its layout is measured in. */
export interface Metrics {
  width: number;
  height: number;
  format: 'square' | 'portrait' | 'landscape';
  /** One design pixel at 1080 px on the short side. */
  u: number;
  padX: number;
  padY: number;
  /** The least space between sections. */
  gap: number;
}

/** Square up to 1.25:1 either way; taller is portrait (story 9:16, pinterest 2:3), wider landscape. */
export function metricsFor(width: number, height: number): Metrics {
  const ratio = width / height;
  const format = ratio > 1.25 ? 'landscape' : ratio < 0.8 ? 'portrait' : 'square';
  // Wide canvases are read at their height; the 1.91:1 link card is small on screen, so its
  // unit leans on the width a little to keep text legible.
  const short = Math.min(width, height);
  const u = format === 'landscape' ? Math.max(short, width / 1.9) / 1080 : short / 1080;
  const padX = Math.round((format === 'portrait' ? 76 : 72) * u);
  const padY = Math.round((format === 'portrait' ? 96 : 72) * u);
  return { width, height, format, u, padX, padY, gap: Math.round(28 * u) };
}
