import type { Speakers, SpeakersRequest } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const speakersKey = (audioId: string) => ['audio', audioId, 'speakers'] as const;

/** The voices of an item's transcript, with where detection stands. */
export const getSpeakers = (audioId: string) => api.request<Speakers>(`/audio/${audioId}/speakers`);

/** Names a voice in every one of its turns; an empty name gives the numbered stand-in back. */
export const renameSpeaker = (audioId: string, speaker: string, name: string) =>
  api.request<Speakers>(`/audio/${audioId}/speakers/${speaker}`, { method: 'PATCH', json: { name } });

/** Every turn of `from` becomes `into`'s. */
export const mergeSpeakers = (audioId: string, from: string, into: string) =>
  api.request<Speakers>(`/audio/${audioId}/speakers/merge`, { method: 'POST', json: { from, into } });

/** Gives one turn (segment) to another voice, or to a new one. */
export const reassignSegment = (audioId: string, index: number, speaker: string) =>
  api.request<unknown>(`/audio/${audioId}/transcription/segments/${index}/speaker`, {
    method: 'PATCH',
    json: { speaker },
  });

/** Runs speaker detection again, looking for `speakers` voices. */
export const detectSpeakers = (audioId: string, speakers: SpeakersRequest) =>
  api.request<unknown>(`/audio/${audioId}/speakers/detect`, { method: 'POST', json: { speakers } });

/** Cuts segment `index` at `atSeconds`; the words after the cut go to a new voice. */
export const splitSegment = (audioId: string, index: number, atSeconds: number) =>
  api.request<unknown>(`/audio/${audioId}/speakers/split`, {
    method: 'POST',
    json: { segment_index: index, at_seconds: atSeconds },
  });
