import type { Content } from '@voxpress/contracts';

/**
 * What else one can do with a finished piece, below its text: renditions per platform, export and
 * publishing mount here, each in one line, with the piece and the language on screen.
 */
export function PieceExtras({ piece, language }: { piece: Content; language: string }) {
  void piece;
  void language;
  return null;
}
