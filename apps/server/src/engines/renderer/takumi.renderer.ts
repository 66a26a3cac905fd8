import { createRequire } from 'node:module';
import { EngineError, type EngineStatus, EngineUnavailableError } from '../engine.ts';
import { FONT_FAMILIES, type FontFamilySource } from './fonts/font-catalog.ts';
import { FontLibrary } from './fonts/font-library.ts';
import { type PoolLogger, RenderPool, type RenderPoolOptions } from './render-pool.ts';
import type { RendererEngine, RenderRequest, RenderResult } from './renderer.ts';

/** The largest side a request may ask for: the spec's biggest preset is 1920 px. */
export const MAX_SIDE = 4096;
export const MIN_SIDE = 64;

const require = createRequire(import.meta.url);

/**
 * Draws infographics with Takumi (a Rust layout and raster engine with HarfBuzz shaping) in a pool
 * of worker threads, started on first use or by `start()`. Ready when its native binary and the
 * font packages are installed.
 */
export class TakumiRendererEngine implements RendererEngine {
  readonly kind = 'renderer';
  readonly id = 'takumi';
  readonly name = 'Takumi (worker threads)';
  private pool: RenderPool | undefined;
  private checked: EngineStatus | undefined;
  private readonly library: FontLibrary;

  constructor(
    private readonly options: RenderPoolOptions & {
      logger?: PoolLogger;
      fonts?: readonly FontFamilySource[];
    } = {},
  ) {
    this.library = new FontLibrary(options.fonts);
  }

  async status(): Promise<EngineStatus> {
    this.checked ??= this.check();
    return this.checked;
  }

  /** Starts the workers and loads their first fonts in the background. */
  start(): void {
    if (this.pool) return;
    this.pool = new RenderPool(this.options);
  }

  /** Resolves once the workers have started and loaded their Latin fonts. */
  async ready(): Promise<void> {
    this.start();
    await this.pool?.ready();
  }

  async render(request: RenderRequest, signal?: AbortSignal): Promise<RenderResult> {
    checkSize(request.width, request.height);
    const status = await this.status();
    if (status.state !== 'ready') {
      throw new EngineUnavailableError(`${status.detail}${status.hint ? ` — ${status.hint}` : ''}`, {
        userMessage: status.reason,
      });
    }
    this.start();
    return (this.pool as RenderPool).render(request, signal);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
  }

  private check(): EngineStatus {
    try {
      require('@takumi-rs/core');
    } catch (err) {
      return {
        state: 'missing',
        reason: 'Infographics cannot be drawn on this server',
        detail: `The Takumi renderer's native binary for ${process.platform}-${process.arch} did not load: ${err instanceof Error ? err.message : String(err)}`,
        hint: 'Run npm ci so the @takumi-rs/core binary for this platform is installed',
      };
    }
    const missing = this.library.missingPackages();
    if (missing.length) {
      return {
        state: 'missing',
        reason: 'Infographics cannot be drawn on this server',
        detail: `Font packages not installed: ${missing.join(', ')}`,
        hint: 'Run npm ci to install the font packages',
      };
    }
    const families = FONT_FAMILIES.map((f) => f.family).join(', ');
    return {
      state: 'ready',
      reason: 'Draws infographics on this server',
      detail: `Takumi with fonts ${families} from ${this.library.packageDir('Inter') ?? 'node_modules'}; ${this.options.size ?? 'one per spare core'} worker threads`,
    };
  }
}

function checkSize(width: number, height: number): void {
  for (const side of [width, height]) {
    if (!Number.isInteger(side) || side < MIN_SIDE || side > MAX_SIDE) {
      throw new EngineError(
        `Infographic size ${width}x${height} is outside ${MIN_SIDE}–${MAX_SIDE} px`,
        false,
        {
          userMessage: `Infographic sizes run from ${MIN_SIDE} to ${MAX_SIDE} pixels a side.`,
        },
      );
    }
  }
}
