// Loaded with `node --import` into the Node processes a test starts (see `outboundGuardNodeOptions`):
// the same guard as in the test process, each refusal also written to the child's stderr.
import { installOutboundGuard } from './outbound-guard.ts';

installOutboundGuard({ loud: true });
