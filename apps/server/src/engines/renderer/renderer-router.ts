import type { EngineStatus } from '../engine.ts';
import { type EngineDescription, EngineRouter, type Routed, type RouterLogger } from '../engine-router.ts';
import type { RendererEngine, RenderRequest, RenderResult } from './renderer.ts';
import { TakumiRendererEngine } from './takumi.renderer.ts';

/** The `renderer` port: draws infographics, recording which engine drew each and why. */
export class RendererRouter {
  readonly router: EngineRouter<RendererEngine>;
  private readonly takumi: TakumiRendererEngine | undefined;

  constructor(options: { workers: number }, logger: RouterLogger, engines?: RendererEngine[]) {
    this.takumi = engines ? undefined : new TakumiRendererEngine({ size: options.workers, logger });
    const all = engines ?? [this.takumi as TakumiRendererEngine];
    this.router = new EngineRouter<RendererEngine>(
      'renderer',
      all,
      all.map((e) => e.id),
      {
        orderSetting: 'the renderer list',
        summaries: { takumi: 'draws infographics in worker threads' },
        noEngine: () => 'Infographics cannot be drawn on this server.',
        noEngineDetail: () => 'No renderer on this server can draw infographics.',
        allFailed: () => 'Failed to generate infographics. Please try again.',
      },
      logger,
    );
  }

  /** Starts the render workers in the background (fonts load while the server starts). */
  start(): void {
    this.takumi?.start();
  }

  render(request: RenderRequest, signal: AbortSignal): Promise<Routed<RendererEngine, RenderResult>> {
    return this.router.run(
      { label: `${request.width}x${request.height} ${request.style}`, supports: () => true },
      signal,
      (engine) => engine.render(request, signal),
    );
  }

  async describe(): Promise<{ active: string | null; engines: EngineDescription[] }> {
    const plan = await this.router.plan({ label: 'infographics', supports: () => true });
    return { active: plan[0]?.engine.id ?? null, engines: await this.router.describe() };
  }

  status(): Promise<EngineStatus | undefined> {
    return this.router.engines[0]?.status() ?? Promise.resolve(undefined);
  }

  close(): Promise<void> {
    return this.router.close();
  }
}
