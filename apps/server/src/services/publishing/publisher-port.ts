import { type EnginePort, PUBLISHER_PLATFORMS } from '@voxpress/contracts';
import { PUBLISHERS } from '../../engines/publisher/registry.ts';

/**
 * The platforms pieces can be published to, as the engines view shows them. Each needs nothing
 * on the server, so each is available; none is active, since every user picks a site per post
 * from their own connections.
 */
export function publisherPort(): EnginePort {
  return {
    port: 'Publishing',
    kind: 'publisher',
    active: null,
    implementations: PUBLISHER_PLATFORMS.map((platform) => ({
      id: platform,
      kind: 'publisher',
      name: PUBLISHERS[platform].name,
      state: 'available',
      reason: `Pieces can be sent to a ${PUBLISHERS[platform].name} site connected under Publishing sites in Settings`,
      detail: `${PUBLISHERS[platform].detail}, to sites the users connect under Publishing sites in Settings`,
    })),
  };
}
