import type { Engines } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const ENGINES_KEY = ['system', 'engines'] as const;

/**
 * `GET /system/engines`: which engine serves each port. The token goes along when there is one:
 * the administrator also gets diagnostics and how to enable the missing engines.
 */
export function fetchEngines(): Promise<Engines> {
  return api.request<Engines>('/system/engines', { redirectOnExpiry: false });
}
