import { api } from '../../lib/api.ts';

export const VOICE_PROFILES_KEY = ['voice-profiles'] as const;

export function listVoiceProfiles() {
  return api.get('/api/v1/users/me/voice-profiles');
}

export function renameVoiceProfile(id: string, name: string) {
  return api.patch('/api/v1/users/me/voice-profiles/{id}', { path: { id }, json: { name } });
}

export function deleteVoiceProfile(id: string) {
  return api.delete('/api/v1/users/me/voice-profiles/{id}', { path: { id } });
}
