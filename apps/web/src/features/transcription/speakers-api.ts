import type { SpeakersRequest } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const speakersKey = (audioId: string) => ['audio', audioId, 'speakers'] as const;

/** The voices of an item's transcript, with where detection stands. */
export const getSpeakers = (audioId: string) =>
  api.get('/api/v1/audio/{id}/speakers', { path: { id: audioId } });

/** Names a voice in every one of its turns; an empty name gives the numbered stand-in back. */
export const renameSpeaker = (audioId: string, speaker: string, name: string) =>
  api.patch('/api/v1/audio/{id}/speakers/{speaker}', { path: { id: audioId, speaker }, json: { name } });

/** Every turn of `from` becomes `into`'s. */
export const mergeSpeakers = (audioId: string, from: string, into: string) =>
  api.post('/api/v1/audio/{id}/speakers/merge', { path: { id: audioId }, json: { from, into } });

/** Gives one turn (segment) to another voice, or to a new one. */
export const reassignSegment = (audioId: string, index: number, speaker: string) =>
  api.patch('/api/v1/audio/{id}/transcription/segments/{index}/speaker', {
    path: { id: audioId, index },
    json: { speaker },
  });

/** Runs speaker detection again, looking for `speakers` voices. */
export const detectSpeakers = (audioId: string, speakers: SpeakersRequest) =>
  api.post('/api/v1/audio/{id}/speakers/detect', { path: { id: audioId }, json: { speakers } });

/** Cuts segment `index` at `atSeconds`; the words after the cut go to a new voice. */
export const splitSegment = (audioId: string, index: number, atSeconds: number) =>
  api.post('/api/v1/audio/{id}/speakers/split', {
    path: { id: audioId },
    json: { segment_index: index, at_seconds: atSeconds },
  });
