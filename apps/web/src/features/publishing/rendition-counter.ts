import { type Rendition, xWeightedLength } from '@voxpress/contracts';

/** A part's length as its platform counts it, the same rule the server checks. */
export function partLength(rendition: Pick<Rendition, 'counting'>, text: string): number {
  return rendition.counting === 'weighted' ? xWeightedLength(text) : text.length;
}

export function hashtagCount(text: string): number {
  return (text.match(/(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu) ?? []).length;
}
