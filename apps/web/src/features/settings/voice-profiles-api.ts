import type { Message, VoiceProfile, VoiceProfiles } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const VOICE_PROFILES_KEY = ['voice-profiles'] as const;

export function listVoiceProfiles(): Promise<VoiceProfiles> {
  return api.request<VoiceProfiles>('/users/me/voice-profiles');
}

export function renameVoiceProfile(id: string, name: string): Promise<VoiceProfile> {
  return api.request<VoiceProfile>(`/users/me/voice-profiles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { name },
  });
}

export function deleteVoiceProfile(id: string): Promise<Message> {
  return api.request<Message>(`/users/me/voice-profiles/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
