import { readFile } from 'node:fs/promises';
import type { Renderer } from '@takumi-rs/core';
import type { FontFace } from '../fonts/font-library.ts';

/**
 * The faces registered with one Takumi renderer. Each file is read and parsed once for the life
 * of the worker; a render waits only for the faces its text needs that are not loaded yet.
 */
export class TakumiFonts {
  private readonly loaded = new Map<string, Promise<void>>();

  constructor(private readonly renderer: Renderer) {}

  /** How many faces are registered (or being registered). */
  get size(): number {
    return this.loaded.size;
  }

  async ensure(faces: readonly FontFace[]): Promise<void> {
    await Promise.all(faces.map((face) => this.load(face)));
  }

  private load(face: FontFace): Promise<void> {
    let pending = this.loaded.get(face.file);
    if (!pending) {
      pending = readFile(face.file).then(async (data) => {
        await this.renderer.registerFont({
          name: face.family,
          data,
          weight: face.weight,
          style: face.style,
          unicodeRange: face.ranges,
        });
      });
      // A file that failed to load may be retried by the next render.
      pending.catch(() => this.loaded.delete(face.file));
      this.loaded.set(face.file, pending);
    }
    return pending;
  }
}
