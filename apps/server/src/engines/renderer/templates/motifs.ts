import type { CulturalContext } from '@voxpress/contracts';

/** A decoration drawn behind the content: an SVG data URL and where it goes. */
export interface Motif {
  url: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

const PAPEL_PICADO = ['#e11d48', '#16a34a', '#f59e0b', '#0ea5e9', '#9333ea'];

/**
 * The pattern a cultural context brings: seigaiha waves (asian), a tile lattice (mediterranean),
 * a mandala rosette (indian), papel picado bunting along the top (mexican), a dot grid otherwise.
 * Patterns sit in a corner or in the top margin, never under the text at full strength.
 */
export function motifFor(
  culture: CulturalContext,
  canvas: { width: number; height: number; pad: number; band?: number },
  color: string,
  opacity: number,
): Motif {
  const { width: W, height: H, pad } = canvas;
  // A corner pattern shows 82 % of its side: it stays within the band the layout leaves it.
  const side = Math.round(
    Math.min(Math.min(W, H) * 0.4, canvas.band ? canvas.band / 0.82 : Number.POSITIVE_INFINITY),
  );
  const corner = {
    left: W - side + Math.round(side * 0.18),
    top: -Math.round(side * 0.18),
    width: side,
    height: side,
  };
  switch (culture) {
    case 'asian':
      return { ...corner, url: svgUrl(side, side, seigaiha(side, color, opacity)) };
    case 'mediterranean':
      return { ...corner, url: svgUrl(side, side, lattice(side, color, opacity)) };
    case 'indian':
      return { ...corner, url: svgUrl(side, side, rosette(side, color, opacity)) };
    case 'mexican': {
      const h = Math.max(12, Math.round(pad * 0.62));
      return { left: 0, top: 0, width: W, height: h, url: svgUrl(W, h, bunting(W, h)) };
    }
    default:
      return { ...corner, url: svgUrl(side, side, dots(side, color, opacity)) };
  }
}

function svgUrl(w: number, h: number, body: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function dots(side: number, color: string, opacity: number): string {
  const step = side / 12;
  const r = Math.max(1, step * 0.14);
  let out = `<g fill="${color}" fill-opacity="${opacity * 1.6}">`;
  for (let y = 0; y < 12; y++) {
    for (let x = 0; x < 12; x++) {
      // Fade towards the inner corner so the pattern dissolves into the canvas.
      if (x + (11 - y) < 9) continue;
      out += `<circle cx="${(x + 0.5) * step}" cy="${(y + 0.5) * step}" r="${r}"/>`;
    }
  }
  return `${out}</g>`;
}

function seigaiha(side: number, color: string, opacity: number): string {
  const r = side / 6;
  let out = `<g fill="none" stroke="${color}" stroke-opacity="${opacity * 1.3}" stroke-width="${Math.max(1, r * 0.05)}">`;
  for (let row = 0; row < 8; row++) {
    for (let col = -1; col < 5; col++) {
      const cx = col * 2 * r + (row % 2 ? r : 0);
      const cy = row * r * 0.5;
      for (let k = 1; k <= 4; k++) out += `<circle cx="${cx}" cy="${cy}" r="${(r * k) / 4}"/>`;
    }
  }
  return `${out}</g>`;
}

function lattice(side: number, color: string, opacity: number): string {
  const step = side / 6;
  const o = opacity * 1.1;
  let out = `<g fill="none" stroke="${color}" stroke-opacity="${o}" stroke-width="${Math.max(1, step * 0.05)}">`;
  for (let y = 0; y <= 6; y++) {
    for (let x = 0; x <= 6; x++) {
      const cx = x * step;
      const cy = y * step;
      const d = step / 2;
      out += `<path d="M${cx} ${cy - d} L${cx + d} ${cy} L${cx} ${cy + d} L${cx - d} ${cy} Z"/>`;
      out += `<circle cx="${cx}" cy="${cy}" r="${d * 0.28}" fill="${color}" fill-opacity="${o}"/>`;
    }
  }
  return `${out}</g>`;
}

function rosette(side: number, color: string, opacity: number): string {
  const c = side / 2;
  const o = opacity * 1.4;
  let out = `<g fill="none" stroke="${color}" stroke-opacity="${o}" stroke-width="${Math.max(1, side * 0.006)}">`;
  for (const [count, ring, len] of [
    [12, 0.18, 0.1],
    [16, 0.3, 0.12],
    [24, 0.42, 0.07],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const a = (360 / count) * i;
      out += `<ellipse cx="${c}" cy="${c - side * ring}" rx="${side * len * 0.42}" ry="${side * len}" transform="rotate(${a} ${c} ${c})"/>`;
    }
  }
  for (const r of [0.08, 0.24, 0.36, 0.49]) out += `<circle cx="${c}" cy="${c}" r="${side * r}"/>`;
  return `${out}</g>`;
}

function bunting(w: number, h: number): string {
  const flag = h * 1.05;
  const count = Math.ceil(w / flag);
  let out = `<path d="M0 ${h * 0.08} L${w} ${h * 0.08}" stroke="#a8a29e" stroke-width="${Math.max(1, h * 0.04)}"/>`;
  for (let i = 0; i < count; i++) {
    const x = i * flag;
    const c = PAPEL_PICADO[i % PAPEL_PICADO.length];
    const m = flag * 0.08;
    out += `<path d="M${x + m} ${h * 0.08} L${x + flag - m} ${h * 0.08} L${x + flag - m} ${h * 0.72} L${x + flag / 2} ${h} L${x + m} ${h * 0.72} Z" fill="${c}" fill-opacity="0.9"/>`;
    out += `<circle cx="${x + flag / 2}" cy="${h * 0.42}" r="${h * 0.12}" fill="#ffffff" fill-opacity="0.85"/>`;
  }
  return out;
}
