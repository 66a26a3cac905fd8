import { EngineRouter, type RouterLogger } from '../engine-router.ts';
import { BuiltinDiarizer } from './builtin/builtin.diarizer.ts';
import type { DiarizeRequest, DiarizeResult, DiarizerEngine } from './diarizer.ts';

/** The diarizers this server has, in order of preference. */
export function diarizerRouter(logger: RouterLogger, engines: DiarizerEngine[] = [new BuiltinDiarizer()]) {
  return new EngineRouter<DiarizerEngine>(
    'diarizer',
    engines,
    engines.map((e) => e.id),
    {
      orderSetting: 'DIARIZER_ENGINES',
      summaries: { builtin: 'the built-in voice separator, nothing to download' },
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
