import {
  LIMITS,
  zAudio,
  zAudioLinks,
  zAudioList,
  zAudioListQuery,
  zAudioStats,
  zAudioStatsQuery,
  zErrorResponse,
  zLanguageCode,
  zToken,
  zTranscribeRequest,
  zTranscription,
  zTranscriptionEdit,
  zTranscriptVersions,
  zTranscriptVersionsQuery,
  zUploadInitRequest,
  zUploadInitResponse,
} from '@voxpress/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { relayStatus } from '../http/status-stream.ts';
import { HttpError } from '../lib/http-error.ts';
import { statusEvent } from '../mappers/audio-mapper.ts';
import { LINK_TTL_S } from '../services/auth/tokens.ts';

const zId = z.object({ id: z.uuid('Audio not found') });
const errors = {
  400: zErrorResponse,
  401: zErrorResponse,
  404: zErrorResponse,
  409: zErrorResponse,
  422: zErrorResponse,
};
/**
 * Streams and playback links carry, in the query, a ticket for that address (`GET …/links`) or the
 * spec's access token: a browser cannot send headers there.
 */
const zTokenQuery = z.object({ token: zToken(4096).optional(), ticket: zToken(4096).optional() });

export function audioRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/audio/upload',
      {
        schema: {
          tags: ['audio'],
          summary: 'Start an upload: returns a presigned PUT link and the new audio id',
          body: zUploadInitRequest,
          response: { 200: zUploadInitResponse, ...errors },
        },
      },
      async (request) => {
        const upload = await ctx.audio.initUpload(request.userId, request.body);
        // Local storage links are paths on this server. With PUBLIC_URL they are made absolute from
        // it, never from the request's Host or X-Forwarded-Host, which a client can set to anything;
        // without it they stay paths, which the browser resolves against the address it uses
        // (localhost or 127.0.0.1 alike).
        if (upload.presigned_url.startsWith('/') && ctx.config.publicUrlConfigured)
          upload.presigned_url = `${ctx.config.publicUrl}${upload.presigned_url}`;
        return upload;
      },
    );

    app.post(
      '/audio/:id/complete',
      {
        schema: {
          tags: ['audio'],
          summary: 'Check the uploaded bytes and start transcription',
          params: zId,
          response: { 200: zAudio, 410: zErrorResponse, 413: zErrorResponse, 415: zErrorResponse, ...errors },
        },
      },
      async (request) => ctx.audio.completeUpload(request.userId, request.params.id),
    );

    app.get(
      '/audio',
      {
        schema: {
          tags: ['audio'],
          summary: "The user's audio, newest first",
          querystring: zAudioListQuery,
          response: { 200: zAudioList, ...errors },
        },
      },
      async (request) => ctx.audio.list(request.userId, request.query),
    );

    app.get(
      '/audio/stats',
      {
        schema: {
          tags: ['audio'],
          summary: "Totals over the user's audio, for the dashboard",
          querystring: zAudioStatsQuery,
          response: { 200: zAudioStats, ...errors },
        },
      },
      async (request) =>
        ctx.audio.stats(
          request.userId,
          request.query.month_start ? new Date(request.query.month_start) : undefined,
        ),
    );

    app.get(
      '/audio/:id',
      {
        schema: {
          tags: ['audio'],
          summary: 'One audio item and its status',
          params: zId,
          response: { 200: zAudio, ...errors },
        },
      },
      async (request) => ctx.audio.get(request.userId, request.params.id),
    );

    app.delete(
      '/audio/:id',
      {
        schema: {
          tags: ['audio'],
          summary: 'Delete an audio item, its file and its transcript',
          params: zId,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        await ctx.infographics.cleanup.beforeAudioDeleted(request.userId, request.params.id);
        await ctx.audio.delete(request.userId, request.params.id);
        return { message: 'Audio deleted' };
      },
    );

    app.get(
      '/audio/:id/links',
      {
        schema: {
          tags: ['audio'],
          summary: 'Short-lived links for playback and the status stream, each good for its address only',
          params: zId,
          response: { 200: zAudioLinks, ...errors },
        },
      },
      async (request) => {
        const row = await ctx.audio.owned(request.userId, request.params.id);
        const link = async (path: string) =>
          `${path}?ticket=${await ctx.accessTokens.signLink(request, path)}`;
        return {
          download_url: await link(`/api/v1/audio/${row.id}/download`),
          status_url: await link(`/api/v1/audio/${row.id}/status`),
          ...(row.mimeType?.startsWith('video/')
            ? {
                poster_url: await link(`/api/v1/audio/${row.id}/poster`),
                sound_url: await link(`/api/v1/audio/${row.id}/sound`),
              }
            : {}),
          expires_in: LINK_TTL_S,
        };
      },
    );

    app.get(
      '/audio/:id/download',
      {
        // An <audio> element cannot send headers, so playback links carry the token as `?token=`.
        config: { queryToken: true },
        schema: {
          tags: ['audio'],
          summary: 'The audio file (supports Range requests for playback)',
          security: [{ bearer: [] }],
          params: zId,
          querystring: zTokenQuery,
          response: {
            200: z.unknown().describe('The audio bytes'),
            206: z.unknown().describe('The requested byte range'),
            416: zErrorResponse,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const blob = await ctx.audio.open(request.userId, request.params.id, (size) =>
          parseRange(request.headers.range, size),
        );
        const { range, size } = blob;
        const name = blob.row.fileName ?? `${blob.row.title}.${blob.row.fileFormat ?? 'audio'}`;
        reply
          .header('accept-ranges', 'bytes')
          .header('content-type', blob.row.mimeType ?? 'application/octet-stream')
          .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
          .header('cache-control', 'private, max-age=3600');
        return sendRanged(reply, range, size, blob.stream);
      },
    );

    for (const which of ['poster', 'sound'] as const) {
      app.get(
        `/audio/:id/${which}`,
        {
          // An <img> or <audio> element cannot send headers: these links carry a ticket.
          config: { queryToken: true },
          schema: {
            tags: ['audio'],
            summary:
              which === 'poster'
                ? "A video item's poster frame (JPEG)"
                : "A video item's sound alone (AAC in MP4; supports Range requests)",
            security: [{ bearer: [] }],
            params: zId,
            querystring: zTokenQuery,
            response: {
              200: z.unknown().describe(which === 'poster' ? 'The JPEG bytes' : 'The audio bytes'),
              206: z.unknown().describe('The requested byte range'),
              416: zErrorResponse,
              ...errors,
            },
          },
        },
        async (request, reply) => {
          const blob = await ctx.audio.openCompanion(
            request.userId,
            request.params.id,
            which === 'poster' ? 'poster' : 'audio',
            (size) => (which === 'sound' ? parseRange(request.headers.range, size) : undefined),
          );
          const { range, size } = blob;
          reply
            .header('accept-ranges', which === 'sound' ? 'bytes' : 'none')
            .header('content-type', blob.mime)
            .header('cache-control', 'private, max-age=3600');
          return sendRanged(reply, range, size, blob.stream);
        },
      );
    }

    app.post(
      '/audio/:id/transcribe',
      {
        schema: {
          tags: ['audio'],
          summary: 'Start (or restart) transcription; progress follows on the status stream',
          params: zId,
          querystring: z.object({ language: zLanguageCode.optional() }),
          body: zTranscribeRequest.nullish(),
          response: { 202: zAudio, ...errors },
        },
      },
      async (request, reply) => {
        // An import whose file never arrived is fetched again rather than transcribed.
        if (await ctx.audioImport.retry(request.userId, request.params.id))
          return reply.status(202).send(await ctx.audio.get(request.userId, request.params.id));
        const audio = await ctx.transcribe.request(request.userId, request.params.id, {
          language: request.query.language,
          ...request.body,
        });
        return reply.status(202).send(audio);
      },
    );

    app.get(
      '/audio/:id/status',
      {
        config: { queryToken: true },
        schema: {
          tags: ['audio'],
          summary: 'Server-sent events: status changes, then a `complete` event',
          description: 'EventSource cannot send headers, so the access token may be given as `?token=`.',
          params: zId,
          querystring: zTokenQuery,
        },
      },
      async (request, reply) => {
        const row = await ctx.audio.owned(request.userId, request.params.id);
        await relayStatus(request, reply, ctx.events, {
          topic: `audio:${row.id}`,
          read: async () => statusEvent(await ctx.audio.owned(request.userId, row.id)),
          idField: 'audio_id',
          // A transcript is final once its speakers are found too (or detection failed).
          isFinal: (s) =>
            (s.transcription_status === 'completed' &&
              s.speakers_status !== 'queued' &&
              s.speakers_status !== 'processing') ||
            s.transcription_status === 'failed' ||
            s.status === 'failed',
        });
      },
    );

    app.get(
      '/audio/:id/transcription',
      {
        schema: {
          tags: ['audio'],
          summary: 'The transcript',
          params: zId,
          response: { 200: zTranscription, ...errors },
        },
      },
      async (request, reply) => {
        const transcription = await ctx.transcriptions.forAudio(request.userId, request.params.id);
        return reply.header('etag', etag(transcription.version)).send(transcription);
      },
    );

    app.put(
      '/audio/:id/transcription',
      {
        // The contract allows an edit larger than the server-wide 1 MB body limit.
        bodyLimit: LIMITS.transcriptEditBytes,
        schema: {
          tags: ['audio'],
          summary: 'Save an edited transcript (the original and earlier versions are kept)',
          description:
            'The edit names the version it was made from, in `version` or an `If-Match` header (the ETag of GET). A transcript saved elsewhere since answers 409 and keeps its text; no version answers 428. An edit longer than its recording allows (50 characters a second of audio, at least 20,000) answers 413 `transcript_too_long`.',
          params: zId,
          headers: z.looseObject({ 'if-match': z.string().max(100).optional() }),
          body: zTranscriptionEdit,
          response: { 200: zTranscription, 413: zErrorResponse, 428: zErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { version: inBody, ...edit } = request.body;
        const version = inBody ?? versionOf(request.headers['if-match']);
        if (version === undefined) {
          // Someone else's item is not found, whatever the request lacks.
          await ctx.audio.owned(request.userId, request.params.id);
          throw new HttpError(
            428,
            'precondition_required',
            'Send the version you edited (the version field or an If-Match header) so no one else’s save is lost.',
          );
        }
        const saved = await ctx.transcriptions.saveEdit(request.userId, request.params.id, edit, version);
        return reply.header('etag', etag(saved.version)).send(saved);
      },
    );

    app.get(
      '/audio/:id/transcription/versions',
      {
        schema: {
          tags: ['audio'],
          summary: 'Earlier saved versions of the transcript, newest first, a page at a time',
          description:
            'The transcript itself gives only `versions_count`; each version is its text (and rich text) as it stood, and when it was replaced.',
          params: zId,
          querystring: zTranscriptVersionsQuery,
          response: { 200: zTranscriptVersions, ...errors },
        },
      },
      async (request) =>
        ctx.transcriptions.versions(
          request.userId,
          request.params.id,
          request.query.page,
          request.query.page_size,
        ),
    );

    app.get(
      '/audio/:id/transcription/export',
      {
        schema: {
          tags: ['audio'],
          summary:
            'Download the transcript as TXT, SRT, VTT, JSON or DOCX (with speaker names once speakers are found)',
          params: zId,
          querystring: z.object({ format: z.enum(['txt', 'srt', 'vtt', 'json', 'docx']).default('txt') }),
          response: { 200: z.any().describe('The transcript file'), ...errors },
        },
      },
      async (request, reply) => {
        const { body, fileName } = await ctx.transcriptions.export(
          request.userId,
          request.params.id,
          request.query.format,
        );
        const type = {
          txt: 'text/plain; charset=utf-8',
          srt: 'application/x-subrip; charset=utf-8',
          vtt: 'text/vtt; charset=utf-8',
          json: 'application/json; charset=utf-8',
          docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        }[request.query.format];
        return reply
          .header('content-type', type)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
          .send(body);
      },
    );
  };
}

/** A transcript version as an entity tag, and back (`"3"`, `W/"3"` or a bare 3). */
const etag = (version: number) => `"${version}"`;
function versionOf(header: string | undefined): number | undefined {
  const match = header ? /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

/** Sends a file or the asked part of it: 206 with its `content-range`, else the whole length. */
export function sendRanged(
  reply: FastifyReply,
  range: { start: number; end?: number } | undefined,
  size: number,
  stream: unknown,
) {
  if (range) {
    const end = range.end ?? size - 1;
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${end}/${size}`)
      .header('content-length', end - range.start + 1);
  } else {
    reply.header('content-length', size);
  }
  return reply.send(stream);
}

/** Parses a single `bytes=start-end` range; undefined means the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end?: number } | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, a = '', b = ''] = match;
  let start: number;
  let end: number;
  if (a === '') {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) {
    throw new HttpError(
      416,
      'range_not_satisfiable',
      'Requested range is not satisfiable',
      { size },
      { 'content-range': `bytes */${size}` },
    );
  }
  return { start, end };
}
