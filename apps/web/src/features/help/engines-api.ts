import type { Engines } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const ENGINES_KEY = ['system', 'engines'] as const;

/** `GET /system/engines`: which engine serves each port, and how to enable the missing ones. */
export function fetchEngines(): Promise<Engines> {
  return api.request<Engines>('/system/engines', { auth: false });
}
