import '@mantine/dropzone/styles.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconFileMusic, IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeSharedFiles } from '../../app/share-target/shared-files.ts';
import { formatFileSize } from '../../i18n/format.ts';
import { SpeakerCountSelect, speakersRequest } from '../transcription/SpeakersControls.tsx';
import { audioLengthProblem, readAudioDuration, useMaxAudioSeconds } from './audio-length.ts';
import type { CaptureResult } from './capture-result.ts';
import { getDefaultLanguage } from './default-language.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { formatMegabytes } from './recorder-format.ts';
import { UploadQueueList, useQueueRows } from './UploadQueueList.tsx';
import { UploadSuccessCard } from './UploadSuccessCard.tsx';
import { useMaxUploadBytes } from './upload-limit.ts';
import { uploadQueue } from './upload-queue-app.ts';
import { AUDIO_ACCEPT, type Rejection, type RejectionSummary, summarizeRejections } from './upload-rules.ts';
import { useAudioFileUpload } from './use-audio-file-upload.ts';

export interface UploadFormProps {
  /** Called once the server has stored the file and transcription has started. */
  onUploaded(result: CaptureResult): void;
  disabled?: boolean;
  /** Tells the parent when an upload is running. */
  onBusyChange?(busy: boolean): void;
}

/**
 * Upload mode: optional title and description, language, and a drop-or-click area. Choosing a
 * file starts the upload; after a failure the file and fields stay, so Try again needs no new pick.
 */
export function UploadForm({ onUploaded, disabled = false, onBusyChange }: UploadFormProps) {
  const { t } = useTranslation('audio');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [language, setLanguage] = useState(getDefaultLanguage);
  const [speakers, setSpeakers] = useState('auto');
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState<RejectionSummary | null>(null);
  const { state, upload, cancel, reset } = useAudioFileUpload();
  const maxAudioSeconds = useMaxAudioSeconds();
  const maxUploadBytes = useMaxUploadBytes();
  /** Reading the chosen file's length, before anything is sent. */
  const [measuring, setMeasuring] = useState(false);
  const queueRows = useQueueRows(uploadQueue);
  const queueBusy = queueRows.some((r) => r.state.kind === 'waiting' || r.state.kind === 'sending');
  const uploading = state.status === 'uploading';

  useEffect(() => onBusyChange?.(uploading || queueBusy), [uploading, queueBusy, onBusyChange]);
  // Files left from before a reload come back as rows; those still kept go on by themselves.
  useEffect(() => void uploadQueue.restore(), []);
  // Files shared to the app from the phone's share sheet join the queue in the chosen language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the language shown on arrival
  useEffect(() => {
    void takeSharedFiles()
      .then((shared) => {
        if (shared.length === 0) return;
        const files = shared.map((s) => new File([s.file], s.name, { type: s.file.type }));
        return uploadQueue.add(files, language, speakersRequest(speakers));
      })
      .catch((err: unknown) => console.warn(err));
  }, []);

  /**
   * Several files (or more while a queue is showing) become rows, each sent on its own and named
   * after its file; a single file keeps the one-upload flow that opens its page.
   */
  const dropped = (accepted: File[], refused: readonly Rejection[]) => {
    if (accepted.length + refused.length <= 1 && queueRows.length === 0) {
      const first = accepted[0];
      if (first) void choose(first);
      else setRejected(summarizeRejections(refused, maxUploadBytes));
      return;
    }
    setRejected(null);
    for (const rejection of refused) {
      const reason = summarizeRejections([rejection], maxUploadBytes);
      void uploadQueue.addRefused(
        rejection.file.name,
        rejection.file.size ?? 0,
        [reason?.title, ...(reason?.details ?? [])].filter(Boolean).join(' '),
      );
    }
    if (accepted.length > 0) void uploadQueue.add(accepted, language, speakersRequest(speakers));
  };

  const send = async (chosen: File) => {
    const audio = await upload({
      file: chosen,
      // Left blank, the server names the upload after its file.
      title,
      description,
      language,
      speakers: speakersRequest(speakers),
    });
    if (audio) onUploaded({ audioId: audio.audio_id, type: 'upload' });
  };

  const choose = async (chosen: File) => {
    setRejected(null);
    // A file longer than the server accepts is refused here, in the server's words, rather than
    // after the whole of it was uploaded.
    if (maxAudioSeconds !== null) {
      setMeasuring(true);
      const problem = audioLengthProblem(await readAudioDuration(chosen), maxAudioSeconds);
      setMeasuring(false);
      if (problem) {
        setFile(null);
        setRejected({ title: t('upload.failed'), details: [problem] });
        return;
      }
    }
    setFile(chosen);
    void send(chosen);
  };

  const startOver = () => {
    reset();
    setFile(null);
    setTitle('');
    setDescription('');
  };

  if (state.status === 'success') return <UploadSuccessCard audio={state.audio} onAnother={startOver} />;

  const locked = uploading || measuring || disabled;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('upload.title')}
          description={t('upload.optional')}
          placeholder={t('upload.titlePlaceholder')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={200}
          disabled={locked}
        />
        <LanguagePicker
          value={language}
          onChange={setLanguage}
          disabled={locked}
          description={t('upload.spokenIn')}
        />
      </SimpleGrid>
      <SpeakerCountSelect value={speakers} onChange={setSpeakers} disabled={locked} />
      <Textarea
        label={t('upload.description')}
        description={t('upload.optional')}
        placeholder={t('upload.descriptionPlaceholder')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={5000}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        disabled={locked}
      />

      {!file || state.status === 'idle' ? (
        <Dropzone
          onDrop={() => undefined}
          onDropAny={(files, rejections) => dropped(files, rejections)}
          accept={AUDIO_ACCEPT}
          maxSize={maxUploadBytes}
          multiple
          disabled={locked}
          radius="lg"
          role="button"
          aria-label={t('upload.dropLabel')}
          aria-describedby="upload-dropzone-hint"
        >
          <Stack align="center" gap={6} py="xl" px="md" ta="center" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={44} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileMusic size={44} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            </Dropzone.Idle>
            <Text fw={600}>{t('upload.drop')}</Text>
            <Text size="sm" c="dimmed" id="upload-dropzone-hint">
              {t('upload.dropHint', { size: formatFileSize(maxUploadBytes) })}
            </Text>
          </Stack>
        </Dropzone>
      ) : (
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFileMusic size={22} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" fw={600} truncate="end">
                  {file.name}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
                {formatMegabytes(file.size)}
              </Text>
            </Group>
            {uploading && (
              <>
                <Progress value={state.progress} animated striped aria-label={t('upload.progress')} />
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {state.progress >= 100
                      ? t('upload.checking')
                      : t('upload.uploadingPercent', { percent: state.progress })}
                  </Text>
                  <Button size="xs" variant="subtle" color="gray" onClick={cancel}>
                    {t('upload.cancel')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}

      {queueRows.length > 0 && <UploadQueueList queue={uploadQueue} rows={queueRows} />}

      {rejected && (
        <Alert
          color="red"
          variant="light"
          title={rejected.title}
          icon={<IconAlertTriangle size={20} />}
          role="alert"
        >
          {rejected.details.map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Alert>
      )}

      {state.status === 'error' && file && (
        <Alert
          color="red"
          variant="light"
          title={t('upload.failed')}
          icon={<IconAlertTriangle size={20} />}
          role="alert"
        >
          <Stack gap="sm">
            <Text size="sm" data-testid="upload-error-message">
              {state.message}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                color="red"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void send(file)}
                disabled={disabled}
              >
                {t('upload.tryAgain')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  reset();
                  setFile(null);
                }}
              >
                {t('upload.another')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <VisuallyHidden aria-live="polite" role="status">
        {uploading
          ? file
            ? t('upload.uploadingFile', { name: file.name })
            : t('upload.uploadingAudio')
          : ''}
      </VisuallyHidden>
    </Stack>
  );
}
