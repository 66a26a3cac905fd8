import type { Audio, SpeakersRequest } from '@voxpress/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { i18n } from '../../i18n/i18n.ts';
import { api } from '../../lib/api.ts';
import { audioLengthProblem, useMaxAudioSeconds } from './audio-length.ts';
import { type Capture, RecorderError, startCapture } from './media-capture.ts';
import { deletePendingRecording, savePendingRecording } from './pending-recordings.ts';
import { prepareRecordingFile } from './prepare-recording.ts';
import { recorderActionError } from './recorder-errors.ts';
import {
  autoStopReason,
  pauseStopwatch,
  recordingTimeLimitS,
  resumeStopwatch,
  type Stopwatch,
  startStopwatch,
  stopwatchElapsed,
} from './recorder-format.ts';
import {
  type FinishedRecording,
  initialRecorderState,
  isBusy,
  type RecorderState,
  recorderReducer,
} from './recorder-machine.ts';
import { recordingQueue } from './recording-queue-app.ts';
import { uploadErrorMessage } from './upload-errors.ts';
import { putToStorage, uploadRecording } from './upload-recording.ts';

const TICK_MS = 200;

/** What the Recorder component drives. */
export interface RecorderControls {
  state: RecorderState;
  /** The live analyser for the waveform while recording (null when it could not be set up). */
  analyser: AnalyserNode | null;
  /** An object URL for playing the finished recording. */
  playbackUrl: string | null;
  /** How long a recording may run, in seconds: 300, or less when this server accepts less. */
  timeLimitS: number;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  stop(): void;
  /** Forgets the finished recording, including its saved copy. */
  discard(): void;
  recordAgain(): Promise<void>;
  /**
   * Converts, uploads and starts transcription of the finished recording, or of `saved` (a
   * recording kept from an earlier visit, which then becomes the current one). Resolves with the
   * audio item, or null on failure (the message is in `state.error`).
   */
  upload(language: string, saved?: FinishedRecording, speakers?: SpeakersRequest): Promise<Audio | null>;
  /**
   * Hands the finished recording (or `saved`) to the offline queue, which sends it when the
   * connection returns, and frees the recorder for the next one.
   */
  queue(language: string, saved?: FinishedRecording, speakers?: SpeakersRequest): Promise<void>;
}

function keep(recording: FinishedRecording): void {
  // A browser without IndexedDB (some private modes) still records and uploads; it only cannot
  // keep the recording across a reload.
  savePendingRecording(recording).catch((err: unknown) => console.warn('Could not keep the recording', err));
}

/** The recorder: microphone capture, stopwatch, limits, the saved copy and the upload. */
export function useRecorder(): RecorderControls {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const [playbackUrl, setPlaybackUrl] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const mounted = useRef(true);
  const capture = useRef<Capture | null>(null);
  const stopwatch = useRef<Stopwatch | null>(null);
  const bytes = useRef(0);
  const timer = useRef<number | null>(null);
  const autoStop = useRef<'time' | 'size' | null>(null);
  const maxAudioSeconds = useMaxAudioSeconds();
  const timeLimitS = recordingTimeLimitS(maxAudioSeconds);
  const limits = useRef({ timeLimitS, maxAudioSeconds });
  limits.current = { timeLimitS, maxAudioSeconds };

  const safeDispatch = useCallback((event: Parameters<typeof dispatch>[0]) => {
    if (mounted.current) dispatch(event);
  }, []);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
  }, []);

  const finish = useCallback(
    (blob: Blob, mimeType: string) => {
      clearTimer();
      const sw = stopwatch.current;
      const durationMs = sw ? stopwatchElapsed(sw, performance.now()) : 0;
      capture.current = null;
      stopwatch.current = null;
      if (mounted.current) setAnalyser(null);
      if (blob.size === 0) {
        safeDispatch({ type: 'reset' });
        safeDispatch({
          type: 'error',
          message: i18n.t('audio:errors.nothingCaptured'),
        });
        return;
      }
      const recording: FinishedRecording = {
        id: crypto.randomUUID(),
        blob,
        mimeType,
        durationMs,
        createdAt: new Date().toISOString(),
      };
      keep(recording);
      safeDispatch({ type: 'stopped', recording, autoStopped: autoStop.current });
      autoStop.current = null;
    },
    [clearTimer, safeDispatch],
  );

  const stop = useCallback(() => {
    try {
      capture.current?.stop();
    } catch (err) {
      safeDispatch({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }, [safeDispatch]);

  const tick = useCallback(() => {
    const sw = stopwatch.current;
    if (!sw) return;
    const elapsedMs = stopwatchElapsed(sw, performance.now());
    safeDispatch({ type: 'tick', elapsedMs, bytes: bytes.current });
    const reason = autoStopReason(elapsedMs, bytes.current, limits.current.timeLimitS);
    if (reason && autoStop.current === null) {
      autoStop.current = reason;
      stop();
    }
  }, [safeDispatch, stop]);

  const start = useCallback(async () => {
    dispatch({ type: 'request' });
    bytes.current = 0;
    autoStop.current = null;
    try {
      const live = await startCapture({
        onData: (total) => {
          bytes.current = total;
        },
        onError: (message) => safeDispatch({ type: 'error', message }),
        onStop: ({ blob, mimeType }) => finish(blob, mimeType),
      });
      capture.current = live;
      stopwatch.current = startStopwatch(performance.now());
      if (!mounted.current) {
        live.stop();
        return;
      }
      setAnalyser(live.analyser);
      dispatch({ type: 'started' });
      timer.current = window.setInterval(tick, TICK_MS);
    } catch (err) {
      const message = err instanceof RecorderError ? err.message : recorderActionError('start', err);
      safeDispatch({ type: 'error', message });
    }
  }, [finish, safeDispatch, tick]);

  const pause = useCallback(() => {
    try {
      capture.current?.pause();
      if (stopwatch.current) stopwatch.current = pauseStopwatch(stopwatch.current, performance.now());
      dispatch({ type: 'paused' });
    } catch (err) {
      dispatch({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }, []);

  const resume = useCallback(() => {
    try {
      capture.current?.resume();
      if (stopwatch.current) stopwatch.current = resumeStopwatch(stopwatch.current, performance.now());
      dispatch({ type: 'resumed' });
    } catch (err) {
      dispatch({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }, []);

  const discard = useCallback(() => {
    const recording = stateRef.current.recording;
    if (recording) void deletePendingRecording(recording.id).catch(() => undefined);
    dispatch({ type: 'reset' });
  }, []);

  const recordAgain = useCallback(async () => {
    // An uploaded recording is already gone from the saved copies; an unsent one is dropped here.
    if (stateRef.current.status !== 'uploaded') discard();
    await start();
  }, [discard, start]);

  const upload = useCallback(
    async (language: string, saved?: FinishedRecording, speakers?: SpeakersRequest) => {
      const { status } = stateRef.current;
      if (isBusy(status)) return null;
      const recording = saved ?? stateRef.current.recording;
      if (!recording) return null;
      if (saved) dispatch({ type: 'stopped', recording: saved });
      dispatch({ type: 'upload-start' });
      // A kept recording longer than this server accepts (its limit may have been lowered since)
      // is refused here in the server's words, without sending it.
      const tooLong = audioLengthProblem(recording.durationMs / 1000, limits.current.maxAudioSeconds);
      if (tooLong) {
        dispatch({ type: 'upload-failed', message: tooLong });
        return null;
      }
      try {
        const file = await prepareRecordingFile(recording, language);
        if (speakers !== undefined) file.speakers = speakers;
        const audio = await uploadRecording(
          file,
          (percent) => safeDispatch({ type: 'upload-progress', percent }),
          { request: api.request, put: putToStorage },
        );
        await deletePendingRecording(recording.id).catch(() => undefined);
        safeDispatch({ type: 'uploaded', audioId: audio.audio_id });
        return audio;
      } catch (err) {
        safeDispatch({
          type: 'upload-failed',
          message: uploadErrorMessage(err, i18n.t('audio:errors.uploadRecording')),
        });
        return null;
      }
    },
    [safeDispatch],
  );

  const queue = useCallback(
    async (language: string, saved?: FinishedRecording, speakers?: SpeakersRequest) => {
      const recording = saved ?? stateRef.current.recording;
      if (!recording || isBusy(stateRef.current.status)) return;
      await recordingQueue.queue(recording, language, speakers);
      dispatch({ type: 'reset' });
    },
    [],
  );

  // One object URL per finished recording, released when it changes or the panel goes away.
  const blob = state.recording?.blob ?? null;
  useEffect(() => {
    if (!blob) {
      setPlaybackUrl(null);
      return;
    }
    const url = URL.createObjectURL(blob);
    setPlaybackUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);

  // Leaving the page mid-recording stops the recorder; its onStop still saves the recording.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimer();
      try {
        capture.current?.stop();
      } catch {
        // Nothing more can be done while unmounting.
      }
    };
  }, [clearTimer]);

  return {
    state,
    analyser,
    playbackUrl,
    timeLimitS,
    start,
    pause,
    resume,
    stop,
    discard,
    recordAgain,
    upload,
    queue,
  };
}
