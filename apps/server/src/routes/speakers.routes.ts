import {
  zErrorResponse,
  zSegmentSpeaker,
  zSpeakerId,
  zSpeakerRename,
  zSpeakers,
  zSpeakersDetectRequest,
  zSpeakersMerge,
  zSpeakersSplit,
  zTranscription,
} from '@voxpress/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';

const zId = z.object({ id: z.uuid('Audio not found') });
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
  422: zErrorResponse,
};
const tags = ['speakers'];

/** Speakers of a recording's transcript: list, detect again, name, merge, reassign, split. */
export function speakersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audio/:id/speakers',
      {
        schema: {
          tags,
          summary:
            'The voices of the transcript: name, colour and talk time each, and where detection stands',
          params: zId,
          response: { 200: zSpeakers, ...errors },
        },
      },
      (request) => ctx.speakers.list(request.userId, request.params.id),
    );

    app.post(
      '/audio/:id/speakers/detect',
      {
        schema: {
          tags,
          summary:
            'Detect the speakers again (`auto` or a number of voices; 1 gives every turn to one voice)',
          description:
            'Queues speaker detection; its progress follows on the status stream (`speakers_status`). Answers 409 `speakers_busy` while a detection is queued or running.',
          params: zId,
          body: zSpeakersDetectRequest.nullish(),
          response: { 202: zSpeakers, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await ctx.speakers.detect(request.userId, request.params.id, request.body?.speakers)),
    );

    app.post(
      '/audio/:id/speakers/merge',
      {
        schema: {
          tags,
          summary: 'Merge two voices: every turn of `from` becomes a turn of `into`',
          params: zId,
          body: zSpeakersMerge,
          response: { 200: zSpeakers, ...errors },
        },
      },
      (request) =>
        ctx.speakers.merge(request.userId, request.params.id, request.body.from, request.body.into),
    );

    app.post(
      '/audio/:id/speakers/split',
      {
        schema: {
          tags,
          summary: 'Split a segment at a time inside it; the words after go to another (or a new) voice',
          description:
            'Segment indexes after the split move up by one; the written pieces citing them are rewritten to match (a citation of the split segment names both halves). A time outside the segment, or with no word on one side, answers 422 `split_point_invalid`.',
          params: zId,
          body: zSpeakersSplit,
          response: { 200: zTranscription, ...errors },
        },
      },
      (request) => ctx.speakers.split(request.userId, request.params.id, request.body),
    );

    app.patch(
      '/audio/:id/speakers/:speaker',
      {
        schema: {
          tags,
          summary: 'Name a voice in every one of its turns (an empty name gives back "Speaker n")',
          params: zId.extend({ speaker: zSpeakerId }),
          body: zSpeakerRename,
          response: { 200: zSpeakers, ...errors },
        },
      },
      (request) =>
        ctx.speakers.rename(request.userId, request.params.id, request.params.speaker, request.body.name),
    );

    app.patch(
      '/audio/:id/transcription/segments/:index/speaker',
      {
        schema: {
          tags,
          summary: 'Give one segment (a turn) to another voice, or to a new one with `new`',
          params: zId.extend({ index: z.coerce.number().int().min(0) }),
          body: zSegmentSpeaker,
          response: { 200: zTranscription, ...errors },
        },
      },
      (request) =>
        ctx.speakers.reassign(request.userId, request.params.id, request.params.index, request.body.speaker),
    );
  };
}
