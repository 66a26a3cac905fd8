import { z } from 'zod';
import { zText } from './text.ts';

/** How many voices to look for: `auto` finds out; 1 turns speaker detection off; 2–10 as given. */
export const zSpeakersRequest = z.union([z.literal('auto'), z.number().int().min(1).max(10)]);
export type SpeakersRequest = z.infer<typeof zSpeakersRequest>;

/** Where speaker detection of an item stands. It runs after transcription; `off` when asked for 1 voice. */
export const zSpeakersStatus = z
  .enum(['not_started', 'off', 'queued', 'processing', 'completed', 'failed'])
  .meta({ id: 'SpeakersStatus' });
export type SpeakersStatus = z.infer<typeof zSpeakersStatus>;

/** A stable speaker id within one transcript: `S1`, `S2`, … */
export const zSpeakerId = z.string().regex(/^S[1-9][0-9]{0,2}$/, 'A speaker id looks like S1.');

/** One voice of a transcript, as `GET /api/v1/audio/{id}/speakers` lists it. */
export const zSpeaker = z
  .object({
    id: zSpeakerId,
    /** The name the user gave, else `Speaker 1`, `Speaker 2`, … */
    name: z.string(),
    /** Whether `name` was given by the user (false: the numbered stand-in). */
    named: z.boolean(),
    /** A colour for this voice, `#rrggbb`, the same wherever it is shown. */
    colour: z.string(),
    /** Seconds this voice speaks in the transcript's segments. */
    talk_time: z.number(),
    /** How many segments are this voice's. */
    segments: z.number().int(),
    /**
     * The name of one of the user's voice profiles this voice matches (with Remember voices on),
     * while the voice is unnamed; accepting it is renaming the voice to it. Null when none matches.
     */
    suggested_name: z.string().nullable().optional(),
  })
  .meta({ id: 'Speaker' });
export type Speaker = z.infer<typeof zSpeaker>;

/** `GET /api/v1/audio/{id}/speakers`. */
export const zSpeakers = z.object({
  status: zSpeakersStatus,
  /** Why detection failed, in words the user may read (only with status `failed`). */
  error: z.string().nullable(),
  /** The engine that found the voices: `builtin` or `sherpa-onnx`; null before any detection. */
  engine: z.string().nullable(),
  speakers: z.array(zSpeaker),
});
export type Speakers = z.infer<typeof zSpeakers>;

/** `POST /api/v1/audio/{id}/speakers/detect`: run speaker detection again (all optional). */
export const zSpeakersDetectRequest = z.object({ speakers: zSpeakersRequest.optional() });
export type SpeakersDetectRequest = z.infer<typeof zSpeakersDetectRequest>;

/** `PATCH /api/v1/audio/{id}/speakers/{speaker}`: name a voice in every one of its turns. */
export const zSpeakerRename = z.object({
  /** The new name; empty gives the numbered stand-in back. */
  name: zText({ trim: true, max: 80 }),
});
export type SpeakerRename = z.infer<typeof zSpeakerRename>;

/** `POST /api/v1/audio/{id}/speakers/merge`: every turn of `from` becomes `into`'s; `from` is gone. */
export const zSpeakersMerge = z.object({ from: zSpeakerId, into: zSpeakerId });
export type SpeakersMerge = z.infer<typeof zSpeakersMerge>;

/**
 * `PATCH /api/v1/audio/{id}/transcription/segments/{index}/speaker`: give one turn to another
 * voice. `speaker` names an existing voice, or `new` makes one.
 */
export const zSegmentSpeaker = z.object({ speaker: z.union([zSpeakerId, z.literal('new')]) });
export type SegmentSpeaker = z.infer<typeof zSegmentSpeaker>;

/**
 * `POST /api/v1/audio/{id}/speakers/split`: cut segment `segment_index` at `at_seconds` (strictly
 * inside it); the words after the cut go to `speaker` (an existing voice, or `new`, the default).
 */
export const zSpeakersSplit = z.object({
  segment_index: z.number().int().min(0),
  at_seconds: z.number().min(0),
  speaker: z.union([zSpeakerId, z.literal('new')]).optional(),
});
export type SpeakersSplit = z.infer<typeof zSpeakersSplit>;

/** One of the user's remembered voices (`GET /api/v1/users/me/voice-profiles`); its print is not sent. */
export const zVoiceProfile = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** How many named speakers, across recordings, the print was made from. */
    recordings: z.number().int(),
    updated_at: z.string(),
  })
  .meta({ id: 'VoiceProfile' });
export type VoiceProfile = z.infer<typeof zVoiceProfile>;

/** `GET /api/v1/users/me/voice-profiles`: by name. */
export const zVoiceProfiles = z.object({ profiles: z.array(zVoiceProfile) });
export type VoiceProfiles = z.infer<typeof zVoiceProfiles>;

/** `PATCH /api/v1/users/me/voice-profiles/{id}`: a new name for a remembered voice. */
export const zVoiceProfileRename = z.object({
  name: zText({ trim: true, max: 80, min: { length: 1, message: 'A voice needs a name' } }),
});
export type VoiceProfileRename = z.infer<typeof zVoiceProfileRename>;
