import { z } from 'zod';

/** A whisper.cpp model name as the catalogue and the models folder spell it (`ggml-<name>.bin`). */
export const zWhisperModelName = z
  .string()
  .trim()
  .regex(/^[a-z0-9._-]{1,60}$/, 'Must be a model name such as base, small or large-v3-turbo-q5_0');

/**
 * `GET|PUT /api/v1/admin/models/whisper`: the whisper.cpp model this server transcribes with, and
 * where that choice comes from.
 */
export const zWhisperModelSetting = z
  .object({
    /** The model in force now. */
    model: z.string(),
    /**
     * `saved`: the administrator chose it here; `environment`: WHISPER_MODEL names it; `hardware`:
     * WHISPER_MODEL is unset and it was picked for this machine's cores and memory.
     */
    source: z.enum(['saved', 'environment', 'hardware']),
    /** The model used when nothing is saved here (WHISPER_MODEL, or the one picked for this machine). */
    default_model: z.string(),
    /** Why the default was picked, e.g. "base: chosen for 2 cores"; null when WHISPER_MODEL names it. */
    chosen_for: z.string().nullable(),
    /** Whether the model in force is in the models folder (if not, the first transcription downloads it). */
    downloaded: z.boolean(),
    /** Its size in bytes, as the catalogue gives it (or on disk, for a model file the administrator brought). */
    bytes: z.number().nullable(),
    /** False when a missing model is not downloaded on first use (WHISPER_AUTO_DOWNLOAD=false). */
    auto_download: z.boolean(),
  })
  .meta({ id: 'WhisperModelSetting' });
export type WhisperModelSetting = z.infer<typeof zWhisperModelSetting>;

/**
 * `PUT /api/v1/admin/models/whisper`: choose the model (a catalogue name, or a `ggml-<name>.bin`
 * already in the models folder); `null` goes back to the default. Applies without a restart.
 */
export const zWhisperModelChoice = z.strictObject({ name: zWhisperModelName.nullable() });
export type WhisperModelChoice = z.infer<typeof zWhisperModelChoice>;
