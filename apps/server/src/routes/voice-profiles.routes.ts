import {
  zErrorResponse,
  zMessage,
  zVoiceProfile,
  zVoiceProfileRename,
  zVoiceProfiles,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { VoiceProfilesService } from '../services/voice-profiles/voice-profiles.service.ts';

const zId = z.object({ id: z.uuid('Voice profile not found') });
const errors = { 400: zErrorResponse, 401: zErrorResponse, 404: zErrorResponse, 422: zErrorResponse };
const tags = ['account'];

/**
 * The signed-in user's remembered voices (Settings → Voice profiles): list, rename, delete. Only
 * names and counts leave the server; the prints stay in it.
 */
export function voiceProfilesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const voices = new VoiceProfilesService(ctx.database.db);
  return async (app) => {
    app.get(
      '/users/me/voice-profiles',
      {
        schema: {
          tags,
          summary: 'The voices remembered for suggesting speaker names: name, recordings, last change',
          description:
            'Filled while Remember voices is on (`remember_voices` in the settings): each voice the user names keeps a print, numbers that describe how it sounds, never audio. Deleting an item keeps its profiles; turning the setting off or deleting the account deletes them.',
          response: { 200: zVoiceProfiles, 401: zErrorResponse },
        },
      },
      (request) => voices.list(request.userId),
    );

    app.patch(
      '/users/me/voice-profiles/:id',
      {
        schema: {
          tags,
          summary: 'Rename a remembered voice (409 `voice_profile_name_taken` when another has the name)',
          params: zId,
          body: zVoiceProfileRename,
          response: { 200: zVoiceProfile, 409: zErrorResponse, ...errors },
        },
      },
      (request) => voices.rename(request.userId, request.params.id, request.body.name),
    );

    app.delete(
      '/users/me/voice-profiles/:id',
      {
        schema: {
          tags,
          summary: 'Forget a remembered voice: the profile and its print are deleted',
          params: zId,
          response: { 200: zMessage, ...errors },
        },
      },
      async (request) => {
        await voices.delete(request.userId, request.params.id);
        return { message: 'Voice profile deleted' };
      },
    );
  };
}
