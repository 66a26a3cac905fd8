import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Speakers, SpeakersRequest, SpeakersSplit, Transcription } from '@voxpress/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/database.ts';
import { transcriptions } from '../../db/schema.ts';
import { alignSegments } from '../../engines/diarizer/align.ts';
import type { DiarizeRequest, DiarizeResult } from '../../engines/diarizer/diarizer.ts';
import { userMessageOf } from '../../engines/engine.ts';
import type { SpeakersJobPayload } from '../../jobs/speakers.job.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ItemPipeline } from '../../pipeline/item-pipeline.ts';
import {
  JobCancelledError,
  type JobContext,
  LeaseLostError,
  PermanentJobError,
  WorkerStoppingError,
} from '../../queue/queue.ts';
import { AudioRepository, type AudioRow } from '../../repositories/audio.repository.ts';
import type { TranscriptionRow } from '../../repositories/transcriptions.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { toTranscription } from '../transcription/transcription.service.ts';
import { VoiceProfilesService } from '../voice-profiles/voice-profiles.service.ts';
import { afterSplit, refreshContentReferences, type SegmentMap } from './segment-references.ts';
import {
  colourFor,
  nextSpeakerId,
  type StoredSegment,
  type StoredSpeaker,
  segmentsWithSpeakers,
  speakerNumber,
  speakerSummaries,
  storedSpeakers,
} from './speaker-model.ts';

/** An edit's outcome: the voices and segments to store, and where old segment indexes went. */
interface Changed {
  speakers: StoredSpeaker[];
  segments: StoredSegment[];
  map?: SegmentMap;
  /** The user's edited rich text as it must now read (its paragraphs name their voice). */
  html?: (html: string) => string;
}

export interface SpeakersServiceDeps {
  database: Database;
  audio: AudioRepository;
  pipeline: ItemPipeline;
  blobs: BlobStore;
  decodeToWav(
    input: string,
    output: string,
    options: { signal: AbortSignal; onProgress(fraction: number): void },
  ): Promise<{ durationS: number }>;
  /** Finds who speaks when through the first diarizer that can (see `diarizer-router.ts`). */
  diarize(request: DiarizeRequest): Promise<DiarizeResult & { engine: string }>;
  tmpDir: string;
  logger: FastifyBaseLogger;
  /** Remembered voices: prints kept when a voice is named, names suggested from them. */
  voices?: VoiceProfilesService;
}

/**
 * Speakers of a transcript: the detection job (after transcription), and the owner's fixes —
 * naming a voice, giving a turn to another voice, merging two voices, splitting a turn.
 */
export class SpeakersService {
  private readonly voices: VoiceProfilesService;

  constructor(private readonly deps: SpeakersServiceDeps) {
    this.voices = deps.voices ?? new VoiceProfilesService(deps.database.db);
  }

  private get db(): Db {
    return this.deps.database.db;
  }

  /** `GET /audio/{id}/speakers`. */
  async list(userId: string, audioId: string): Promise<Speakers> {
    const { audio, row } = await this.owned(userId, audioId, this.db);
    return this.speakersOf(userId, audio, row);
  }

  /** `POST /audio/{id}/speakers/detect`: detection again, with a number of voices when given. */
  async detect(userId: string, audioId: string, speakers: SpeakersRequest | undefined): Promise<Speakers> {
    const { audio } = await this.owned(userId, audioId, this.db);
    if (audio.speakersStatus === 'queued' || audio.speakersStatus === 'processing') throw busy();
    const requested = speakers === undefined ? undefined : speakers === 'auto' ? null : speakers;
    if (requested === 1) {
      // One voice: detection is off and every segment is that one voice's.
      await this.db.transaction(async (tx) => {
        const { row } = await this.owned(userId, audioId, tx, true);
        const keep = storedSpeakers(row.speakers).find((s) => s.id === 'S1');
        const segments = row.segments.map((s) => ({ ...s, speaker: 'S1' }));
        const speakers = [keep ?? { id: 'S1', name: null, colour: colourFor(1) }];
        await tx
          .update(transcriptions)
          .set({ segments, speakers, diarizer: null })
          .where(eq(transcriptions.id, row.id));
        await refreshContentReferences(tx, row.id, {
          segments: segmentsWithSpeakers(segments, speakers),
        });
      });
      await this.deps.audio.update(audio.id, {
        speakersRequested: 1,
        speakersStatus: 'off',
        speakersError: null,
      });
    } else if (!(await this.deps.pipeline.startSpeakers(audio.id, requested))) throw busy();
    return this.list(userId, audioId);
  }

  /** `PATCH /audio/{id}/speakers/{speaker}`: a name for every turn of a voice (empty: the stand-in). */
  async rename(userId: string, audioId: string, speakerId: string, name: string): Promise<Speakers> {
    return this.change(userId, audioId, async (speakers, segments, tx) => {
      const speaker = speakers.find((s) => s.id === speakerId);
      if (!speaker) throw speakerNotFound(speakerId);
      speaker.name = name.trim() || null;
      await this.voices.named(tx, userId, speaker);
      return { speakers, segments };
    }).then(({ audio, row }) => this.speakersOf(userId, audio, row));
  }

  /** `POST /audio/{id}/speakers/merge`: every turn of `from` becomes `into`'s; `from` is gone. */
  async merge(userId: string, audioId: string, from: string, into: string): Promise<Speakers> {
    return this.change(userId, audioId, (speakers, segments) => {
      if (!speakers.some((s) => s.id === from)) throw speakerNotFound(from);
      if (!speakers.some((s) => s.id === into)) throw speakerNotFound(into);
      if (from === into)
        throw new HttpError(422, 'validation_failed', 'Choose two different speakers to merge.');
      return {
        speakers: speakers.filter((s) => s.id !== from),
        segments: segments.map((s) => (s.speaker === from ? { ...s, speaker: into } : s)),
        // The edited text's paragraphs of that voice go with it too.
        html: (html) => html.replaceAll(`data-speaker="${from}"`, `data-speaker="${into}"`),
      };
    }).then(({ audio, row }) => this.speakersOf(userId, audio, row));
  }

  /** Gives one segment (a turn) to another voice, or to a new one (`new`). */
  async reassign(userId: string, audioId: string, index: number, speakerId: string): Promise<Transcription> {
    const { row } = await this.change(userId, audioId, (speakers, segments) => {
      const segment = segments[index];
      if (!segment) throw segmentNotFound(index);
      const target = this.target(speakers, speakerId);
      segments[index] = { ...segment, speaker: target.id };
      return {
        speakers: withoutSilent(target.added ? [...speakers, target.speaker] : speakers, segments),
        segments,
      };
    });
    return toTranscription(row);
  }

  /**
   * Cuts a segment at `at_seconds`: the words before stay with its voice, those after go to
   * `speaker` (a new voice unless named). The text is cut at the word nearest in proportion.
   * Later segments move up one index; written pieces citing them are rewritten in the same
   * transaction (a citation of the cut segment names both halves). Rename, merge and reassign
   * change only voices, never indexes: they leave citations as they are, and every change gives
   * the pieces' quotes the names their segments now have.
   */
  async split(userId: string, audioId: string, request: SpeakersSplit): Promise<Transcription> {
    const { row } = await this.change(userId, audioId, (speakers, segments) => {
      const segment = segments[request.segment_index];
      if (!segment) throw segmentNotFound(request.segment_index);
      const words = segment.text.split(/\s+/).filter(Boolean);
      const fraction = (request.at_seconds - segment.start) / (segment.end - segment.start);
      const cut = Math.round(fraction * words.length);
      if (
        !(request.at_seconds > segment.start && request.at_seconds < segment.end) ||
        cut < 1 ||
        cut >= words.length
      )
        throw new HttpError(
          422,
          'split_point_invalid',
          `A segment can be split only between its words, inside it: between ${segment.start} and ${segment.end} seconds, with words on both sides.`,
          { start: segment.start, end: segment.end },
        );
      const target = this.target(speakers, request.speaker ?? 'new');
      const first = { ...segment, end: request.at_seconds, text: words.slice(0, cut).join(' ') };
      const second = {
        ...segment,
        start: request.at_seconds,
        text: words.slice(cut).join(' '),
        speaker: target.id,
      };
      segments.splice(request.segment_index, 1, first, second);
      return {
        speakers: withoutSilent(target.added ? [...speakers, target.speaker] : speakers, segments),
        segments,
        // Written pieces cite segments by index: their references move with the segments.
        map: afterSplit(request.segment_index),
      };
    });
    return toTranscription(row);
  }

  /** The job handler: decode, find the voices, align the segments to them, store. */
  async run(job: JobContext<SpeakersJobPayload>): Promise<{ speakers: number }> {
    const audio = await this.deps.audio.findById(job.payload.audioId);
    if (!audio) throw new PermanentJobError('The audio was deleted before its speakers could be found');
    const wav = path.join(this.deps.tmpDir, `${job.id}-${job.attempt}-speakers.wav`);
    try {
      await this.deps.pipeline.speakersProgress(audio.id);
      await mkdir(this.deps.tmpDir, { recursive: true });
      const source = await this.deps.blobs.localFile(audio.blobKey, this.deps.tmpDir);
      const { durationS } = await this.deps
        .decodeToWav(source.path, wav, { signal: job.signal, onProgress: () => {} })
        .finally(() => source.release());
      // A print of each voice is kept on the transcript only for a user who remembers voices.
      const remember = await this.voices.enabled(audio.userId);
      const found = await this.deps.diarize({
        wavPath: wav,
        durationS,
        speakers: audio.speakersRequested ?? undefined,
        signal: job.signal,
        onProgress: (f) => void job.progress(Math.round(f * 100), 'Finding speakers...').catch(() => {}),
      });
      return await this.deps.pipeline.finishSpeakers(
        job,
        audio.id,
        job.payload.transcriptionId,
        async (tx) => {
          const [row] = await tx
            .select()
            .from(transcriptions)
            .where(eq(transcriptions.id, job.payload.transcriptionId))
            .for('update');
          if (!row)
            throw new PermanentJobError('The transcript was deleted before its speakers could be found');
          const before = new Map(storedSpeakers(row.speakers).map((s) => [s.id, s]));
          const count = Math.max(1, found.speakers);
          const speakers: StoredSpeaker[] = Array.from({ length: count }, (_, i) => ({
            id: `S${i + 1}`,
            // A name given before a new detection stays with the voice of the same number.
            name: before.get(`S${i + 1}`)?.name ?? null,
            colour: colourFor(i + 1),
            ...(remember && found.voices?.[i] ? { voice: found.voices[i] } : {}),
          }));
          const plain = row.segments.map(({ speaker: _, ...s }) => s);
          const segments = found.turns.length
            ? alignSegments(plain, found.turns, (n) => `S${n + 1}`)
            : plain.map((s) => ({ ...s, speaker: 'S1' }));
          const kept = withoutSilent(speakers, segments);
          await tx
            .update(transcriptions)
            .set({ segments, speakers: kept, diarizer: found.engine })
            .where(eq(transcriptions.id, row.id));
          // Quotes already written name the voices as now found.
          await refreshContentReferences(tx, row.id, {
            segments: segmentsWithSpeakers(segments, kept),
          });
          return { speakers: count };
        },
      );
    } catch (err) {
      const reason = job.signal.reason;
      if (err instanceof LeaseLostError || reason instanceof LeaseLostError) throw err;
      if (reason instanceof WorkerStoppingError || reason instanceof JobCancelledError) throw err;
      const failure = err as Error & { retryable?: boolean };
      const final =
        failure instanceof PermanentJobError || failure.retryable === false || job.attempt >= job.maxAttempts;
      if (final) {
        this.deps.logger.warn({ err, audioId: audio.id }, 'speaker detection failed');
        const shown =
          err instanceof PermanentJobError
            ? err.message
            : userMessageOf(err, 'Speakers could not be found because of an error on the server.');
        await this.deps.pipeline.speakersFailed(job, audio.id, shown);
        if (failure.retryable === false && !(err instanceof PermanentJobError))
          throw new PermanentJobError(failure.message);
      }
      throw err;
    } finally {
      await rm(wav, { force: true });
    }
  }

  /** The voices of a transcript as listed, with names suggested from the user's voice profiles. */
  private async speakersOf(userId: string, audio: AudioRow, row: TranscriptionRow): Promise<Speakers> {
    const speakers = storedSpeakers(row.speakers);
    return {
      status: audio.speakersStatus,
      error: audio.speakersStatus === 'failed' ? audio.speakersError : null,
      engine: row.diarizer,
      speakers: speakerSummaries(row.segments, speakers, await this.voices.suggestions(userId, speakers)),
    };
  }

  /** An existing voice, or a new one (`new`) with the next free id. */
  private target(
    speakers: StoredSpeaker[],
    id: string,
  ): { id: string; speaker: StoredSpeaker; added: boolean } {
    if (id === 'new') {
      const next = nextSpeakerId(speakers);
      return {
        id: next,
        speaker: { id: next, name: null, colour: colourFor(speakerNumber(next)) },
        added: true,
      };
    }
    const speaker = speakers.find((s) => s.id === id);
    if (!speaker) throw speakerNotFound(id);
    return { id, speaker, added: false };
  }

  /** Reads, changes and writes an item's speakers and segments in one transaction, row locked. */
  private async change(
    userId: string,
    audioId: string,
    edit: (speakers: StoredSpeaker[], segments: StoredSegment[], tx: Db) => Changed | Promise<Changed>,
  ): Promise<{ audio: AudioRow; row: TranscriptionRow }> {
    return this.db.transaction(async (tx) => {
      const { audio, row } = await this.owned(userId, audioId, tx, true);
      // A detection under way would overwrite the change.
      if (audio.speakersStatus === 'queued' || audio.speakersStatus === 'processing') throw busy();
      const speakers = storedSpeakers(row.speakers);
      if (!speakers.length)
        throw new HttpError(404, 'speaker_not_found', 'This transcript has no speakers yet.');
      const changed = await edit(speakers, [...row.segments], tx);
      const [updated] = await tx
        .update(transcriptions)
        .set({
          speakers: changed.speakers,
          segments: changed.segments,
          ...(changed.html && row.editedHtml ? { editedHtml: changed.html(row.editedHtml) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(transcriptions.id, row.id))
        .returning();
      await refreshContentReferences(tx, row.id, {
        ...(changed.map ? { map: changed.map } : {}),
        segments: segmentsWithSpeakers(changed.segments, changed.speakers),
      });
      return { audio, row: updated ?? row };
    });
  }

  /** The user's audio item and its transcript; someone else's is not found. */
  private async owned(
    userId: string,
    audioId: string,
    db: Db,
    lock = false,
  ): Promise<{ audio: AudioRow; row: TranscriptionRow }> {
    // Read through `db`: inside a transaction, the one connection an embedded database has.
    const audio = await new AudioRepository(db).findOwned(userId, audioId);
    if (!audio) throw notFound('Audio not found', 'audio_not_found');
    if (!audio.transcriptionId) throw notFound('No transcription available.', 'transcription_not_found');
    const query = db.select().from(transcriptions).where(eq(transcriptions.id, audio.transcriptionId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.userId !== userId)
      throw notFound('No transcription available.', 'transcription_not_found');
    return { audio, row };
  }
}

/** Voices that no longer have a segment are dropped (after a reassignment took their last turn). */
function withoutSilent(speakers: StoredSpeaker[], segments: StoredSegment[]): StoredSpeaker[] {
  const used = new Set(segments.map((s) => s.speaker));
  return speakers.filter((s) => used.has(s.id));
}

function busy(): HttpError {
  return new HttpError(
    409,
    'speakers_busy',
    'Speakers are being detected in this recording. Try again when detection has finished.',
  );
}

function speakerNotFound(id: string): HttpError {
  return new HttpError(404, 'speaker_not_found', `This transcript has no speaker ${id}.`, { speaker: id });
}

function segmentNotFound(index: number): HttpError {
  return new HttpError(404, 'segment_not_found', `This transcript has no segment ${index}.`, { index });
}
