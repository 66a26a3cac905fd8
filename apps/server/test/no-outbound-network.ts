/**
 * Vitest setup file (every project): a test that reaches the network beyond this machine fails.
 * The connection or lookup itself fails with an error naming the destination (see
 * `outbound-guard.ts`), and since code under test may swallow that error (a fetch that falls back
 * quietly), the test or hook that made the attempt fails afterwards as well. Node processes a test
 * starts (child servers, helper scripts) load the same guard through `NODE_OPTIONS` and write each
 * refusal to their stderr; Chromium and the server the e2e global setup starts are not covered
 * here, the server's own outbound requests are covered by the SSRF guard's tests.
 */
import { afterAll, afterEach } from 'vitest';
import { installOutboundGuard, outboundGuardNodeOptions, takeOutboundAttempts } from './outbound-guard.ts';

installOutboundGuard();
process.env.NODE_OPTIONS = outboundGuardNodeOptions(process.env.NODE_OPTIONS);

function failOnAttempts(): void {
  const attempts = takeOutboundAttempts();
  if (attempts.length > 0) throw new Error(attempts.join('\n'));
}

afterEach(failOnAttempts);
afterAll(failOnAttempts);
