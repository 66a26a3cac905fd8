import { Alert, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeakerCountSelect, speakersRequest } from '../transcription/SpeakersControls.tsx';
import type { CaptureResult } from './capture-result.ts';
import { getDefaultLanguage } from './default-language.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { PendingRecordings } from './PendingRecordings.tsx';
import { RecorderLive } from './RecorderLive.tsx';
import { RecorderStart } from './RecorderStart.tsx';
import { RecordingReview } from './RecordingReview.tsx';
import { formatElapsed } from './recorder-format.ts';
import { type FinishedRecording, isBusy, type RecorderState } from './recorder-machine.ts';
import { useRecorder } from './use-recorder.ts';

export interface RecorderProps {
  /** Called once the server has the recording and transcription has been asked for. */
  onUploaded(result: CaptureResult): void;
  /** Locks every control (e.g. while the page is busy elsewhere). */
  disabled?: boolean;
  /** Tells the parent when the recorder is capturing or uploading. */
  onBusyChange?(busy: boolean): void;
}

/** What a screen reader hears when the recorder changes state (not every tick of the clock). */
function announcement(t: TFunction<'audio'>, state: RecorderState): string {
  switch (state.status) {
    case 'idle':
      return '';
    case 'requesting':
      return t('recorder.announce.requesting');
    case 'recording':
      return t('recorder.announce.recording');
    case 'paused':
      return t('recorder.announce.paused', { time: formatElapsed(state.elapsedMs) });
    case 'stopped':
      return t('recorder.announce.stopped', { time: formatElapsed(state.elapsedMs) });
    case 'uploading':
      return t('recorder.announce.uploading');
    case 'uploaded':
      return t('recorder.announce.uploaded');
  }
}

/** Record mode of the capture panel: language, microphone, waveform, review and upload. */
export function Recorder({ onUploaded, disabled = false, onBusyChange }: RecorderProps) {
  const { t } = useTranslation('audio');
  const recorder = useRecorder();
  const { state } = recorder;
  const [language, setLanguage] = useState(getDefaultLanguage);
  const [speakers, setSpeakers] = useState('auto');
  const busy = isBusy(state.status);

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const [notice, setNotice] = useState('');
  const upload = async (saved?: FinishedRecording) => {
    setNotice('');
    // Offline, the recording waits on this device and goes by itself when the connection returns.
    if (!navigator.onLine) {
      await recorder
        .queue(language, saved, speakersRequest(speakers))
        .catch((err: unknown) => console.warn(err));
      setNotice(t('recorder.announce.queued'));
      return;
    }
    const audio = await recorder.upload(language, saved, speakersRequest(speakers));
    if (audio) onUploaded({ audioId: audio.audio_id, type: 'recording' });
  };

  return (
    <Stack gap="md">
      {notice && (
        <Alert color="blue" variant="light" icon={<IconCloudOff size={20} />} data-testid="recording-queued">
          {t('queue.kept')}
        </Alert>
      )}
      <PendingRecordings
        currentId={state.recording?.id ?? null}
        busy={busy || disabled}
        onUpload={(saved) => void upload(saved)}
      />
      <LanguagePicker value={language} onChange={setLanguage} disabled={busy || disabled} />
      <SpeakerCountSelect value={speakers} onChange={setSpeakers} disabled={busy || disabled} />
      {state.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {state.error}
        </Alert>
      )}
      {(state.status === 'idle' || state.status === 'requesting') && (
        <RecorderStart
          requesting={state.status === 'requesting'}
          disabled={disabled}
          onStart={() => {
            setNotice('');
            void recorder.start();
          }}
        />
      )}
      {(state.status === 'recording' || state.status === 'paused') && (
        <RecorderLive
          paused={state.status === 'paused'}
          elapsedMs={state.elapsedMs}
          bytes={state.bytes}
          analyser={recorder.analyser}
          timeLimitS={recorder.timeLimitS}
          onPause={recorder.pause}
          onResume={recorder.resume}
          onStop={recorder.stop}
        />
      )}
      {(state.status === 'stopped' || state.status === 'uploading' || state.status === 'uploaded') && (
        <RecordingReview
          state={state}
          playbackUrl={recorder.playbackUrl}
          timeLimitS={recorder.timeLimitS}
          disabled={disabled}
          onUse={() => void upload()}
          onRecordAgain={() => void recorder.recordAgain()}
          onDiscard={recorder.discard}
        />
      )}
      <VisuallyHidden aria-live="polite" role="status">
        {notice || announcement(t, state)}
      </VisuallyHidden>
    </Stack>
  );
}
