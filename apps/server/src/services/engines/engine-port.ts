import type { EngineImplementation, EnginePort, Engines } from '@voxpress/contracts';
import { type EngineKind, hasModel } from '../../engines/engine.ts';
import type { EngineDescription } from '../../engines/engine-router.ts';

/**
 * One routed engine kind as the engines view shows it. `active` is the engine a typical request
 * would use first (English for speech); `orderSetting` names the variable that lists the order.
 */
export function enginePort(
  port: string,
  kind: EngineKind,
  described: EngineDescription[],
  options: { active: string | null; activeFor?: string; orderSetting: string },
): EnginePort {
  const configured = described.filter((d) => d.position !== null).length;
  const implementations = described.map((d): EngineImplementation => {
    const base = { id: d.id, kind, name: d.name, reason: d.reason, ...(d.model ? { model: d.model } : {}) };
    if (d.position === null) {
      const enable = [`Add ${d.id} to ${options.orderSetting}`, d.hint].filter(Boolean).join('; ');
      return {
        ...base,
        state: 'disabled',
        reason: `Not enabled on this server. ${d.reason}`,
        detail: `Not in ${options.orderSetting}. ${d.detail}`,
        enable,
      };
    }
    // A model file that is not there is never shown as in use, whatever the order says.
    const modelThere = hasModel(d);
    const active = options.active === d.id && modelThere;
    const used = active && options.activeFor ? `; used for ${options.activeFor}` : '';
    const state = d.state === 'ready' ? (!modelThere ? 'missing' : active ? 'active' : 'available') : d.state;
    return {
      ...base,
      state,
      detail: `${d.detail.replace(/\.\s*$/, '')}. Preference ${d.position} of ${configured}${used}`,
      ...(d.hint ? { enable: d.hint } : {}),
    };
  });
  return { port, kind, active: options.active, implementations };
}

/**
 * The engines view without what only administrators may see: each implementation's detail is
 * its plain reason, and the way to enable it (paths, variables, commands) is left out.
 */
export function enginesForUsers(engines: Engines): Engines {
  return {
    ports: engines.ports.map((port) => ({
      ...port,
      implementations: port.implementations.map(({ enable: _enable, ...impl }) => ({
        ...impl,
        detail: impl.reason,
      })),
    })),
  };
}
