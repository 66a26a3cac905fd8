import { EngineRouter, type RouterLogger } from '../engine-router.ts';
import { BuiltinDiarizer } from './builtin/builtin.diarizer.ts';
import type { DiarizeRequest, DiarizeResult, DiarizerEngine } from './diarizer.ts';
import { SherpaDiarizer } from './sherpa/sherpa.diarizer.ts';

/**
 * The diarizers this server has, in order of preference: sherpa-onnx when its two speaker models
 * are in `<modelsDir>/sherpa-onnx/` (until then it reports itself missing and is passed over),
 * else the built-in separator, which needs nothing.
 */
export function defaultDiarizers(modelsDir: string): DiarizerEngine[] {
  return [new SherpaDiarizer({ modelsDir }), new BuiltinDiarizer()];
}

/** The router over `engines` (by default `defaultDiarizers` of the models folder). */
export function diarizerRouter(logger: RouterLogger, engines: DiarizerEngine[] | { modelsDir: string }) {
  const list = Array.isArray(engines) ? engines : defaultDiarizers(engines.modelsDir);
  return new EngineRouter<DiarizerEngine>(
    'diarizer',
    list,
    list.map((e) => e.id),
    {
      orderSetting: 'DIARIZER_ENGINES',
      summaries: {
        sherpa: 'sherpa-onnx speaker models, downloaded once',
        builtin: 'the built-in voice separator, nothing to download',
      },
      noEngine: () => 'Speaker detection is not available on this server.',
      noEngineDetail: () => 'No diarizer is configured on this server.',
      allFailed: () => 'Speakers could not be told apart in this recording.',
    },
    logger,
  );
}

/** Finds who speaks when through the first diarizer that can, with the engine that did. */
export async function diarize(
  router: EngineRouter<DiarizerEngine>,
  request: DiarizeRequest,
): Promise<DiarizeResult & { engine: string }> {
  const routed = await router.run({ label: 'speakers', supports: () => true }, request.signal, (engine) =>
    engine.diarize(request),
  );
  return { ...routed.result, engine: routed.engine.id };
}
