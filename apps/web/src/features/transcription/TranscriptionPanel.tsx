import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Collapse,
  Group,
  Menu,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconDownload, IconEdit, IconRefresh, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Transcription } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { LanguagePicker } from '../audio/LanguagePicker.tsx';
import { languageName } from '../audio/language-fields.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { DetectSpeakers, SpeakersStatusLine } from './SpeakersControls.tsx';
import { canSave } from './save-state.ts';
import { TimedTranscript } from './TimedTranscript.tsx';
import { TranscriptText } from './TranscriptText.tsx';
import { transcriptEngine } from './transcript-engine.ts';
import { downloadTranscript, type ExportFormat } from './transcription-api.ts';
import type { AudioWorkflow } from './use-audio-workflow.ts';
import { useSpeakers } from './use-speakers.ts';
import { useTranscriptEditing } from './use-transcript-editing.ts';

// The editor (tiptap and ProseMirror) is most of this page's code: it loads when editing starts.
const TranscriptEditor = lazy(() =>
  import('./TranscriptEditor.tsx').then((m) => ({ default: m.TranscriptEditor })),
);

/**
 * The 'Transcript' panel: the transcript with its language and engine, read as paragraphs,
 * editable in place with a rich-text editor and a save indicator, exportable as TXT, SRT or VTT.
 */
export function TranscriptionPanel({
  audioId,
  workflow,
}: {
  audioId: string | null;
  workflow: AudioWorkflow;
}) {
  const [open, setOpen] = useState(true);
  const { t } = useTranslation('transcription');
  const bodyId = useId();
  const transcription = workflow.transcription;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={`${bodyId}-title`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} fz="h4" id={`${bodyId}-title`}>
            {t('panel.title')}
          </Title>
          {transcription.data && (
            <>
              <Badge variant="light">{languageName(transcription.data.language)}</Badge>
              <Tooltip label={engineNote(t, transcription.data)} withArrow multiline maw={280}>
                <Badge variant="outline" color="gray" tabIndex={0} data-testid="transcript-engine">
                  {t('panel.engine')} · {transcriptEngine(transcription.data).name}
                </Badge>
              </Tooltip>
            </>
          )}
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? t('panel.collapse') : t('panel.expand')}
        >
          <IconChevronDown
            size={18}
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </ActionIcon>
      </Group>
      {transcription.data && <EngineFallback transcription={transcription.data} />}
      <Collapse expanded={open}>
        <Box id={bodyId} pt="md">
          {!audioId ? (
            <Placeholder text={t('panel.noAudio')} />
          ) : workflow.state !== 'completed' ? (
            <Placeholder text={workflow.state === 'failed' ? t('panel.none') : t('panel.pending')} />
          ) : transcription.isPending ? (
            <Stack gap="xs" aria-busy="true" aria-label={t('panel.loading')}>
              <Skeleton h={14} />
              <Skeleton h={14} />
              <Skeleton h={14} w="70%" />
            </Stack>
          ) : transcription.error ? (
            <ErrorState
              title={t('panel.loadFailed')}
              message={loadErrorMessage(transcription.error)}
              onRetry={() => void transcription.refetch()}
            />
          ) : transcription.data ? (
            <TranscriptBody
              key={transcription.data.id}
              audioId={audioId}
              transcription={transcription.data}
              language={workflow.audio?.language ?? transcription.data.language}
              onTranscribeAgain={workflow.retry}
            />
          ) : null}
        </Box>
      </Collapse>
    </Card>
  );
}

function TranscriptBody({
  audioId,
  transcription,
  language,
  onTranscribeAgain,
}: {
  audioId: string;
  transcription: Transcription;
  /** The language the audio was last transcribed in. */
  language: string;
  onTranscribeAgain(language: string): Promise<void>;
}) {
  const { t } = useTranslation('transcription');
  const editing = useTranscriptEditing(audioId, transcription);
  const empty = !transcription.text.trim();
  const speakers = useSpeakers(audioId);
  const [view, setView] = useState<'text' | 'timed'>('text');
  const timed = view === 'timed' && !editing.editing && transcription.segments.length > 0;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        {editing.editing || editing.state === 'error' || transcription.segments.length === 0 ? (
          <SaveIndicator state={editing.state} visible={editing.editing || editing.state === 'error'} />
        ) : (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => setView(v as 'text' | 'timed')}
            data={[
              { label: t('view.text'), value: 'text' },
              { label: t('view.timed'), value: 'timed' },
            ]}
            aria-label={t('view.label')}
          />
        )}
        <Group gap="xs">
          {editing.editing ? (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} />}
                onClick={() => void editing.cancel()}
              >
                {t('edit.cancel')}
              </Button>
              <Button
                size="xs"
                leftSection={<IconCheck size={14} />}
                disabled={!canSave(editing.state, editing.dirty) && editing.state !== 'saved'}
                loading={editing.state === 'saving'}
                onClick={() => void editing.finish()}
              >
                {editing.dirty ? t('edit.save') : t('edit.done')}
              </Button>
            </>
          ) : (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={editing.startEditing}
              >
                {t('edit.edit')}
              </Button>
              <ExportMenu audioId={audioId} />
              <DetectSpeakers audioId={audioId} />
              <TranscribeAgain
                language={language}
                edited={transcription.edited}
                onConfirm={onTranscribeAgain}
              />
            </>
          )}
        </Group>
      </Group>
      {editing.conflict && (
        <Alert color="orange" title={t('edit.conflictTitle')} role="alert">
          <Stack gap="xs">
            <Text size="sm">{editing.conflict}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => void editing.reload()}>
                {t('edit.reloadSaved')}
              </Button>
              <Button size="xs" color="orange" onClick={() => void editing.overwrite()}>
                {t('edit.overwrite')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <SpeakersStatusLine status={speakers.data?.status} error={speakers.data?.error ?? null} />
      {editing.editing ? (
        <Suspense fallback={<Skeleton h={260} aria-label={t('edit.loadingEditor')} />}>
          <TranscriptEditor
            key={editing.revision}
            initialHtml={editing.initialHtml}
            onChange={editing.change}
            label={t('edit.textLabel')}
            speakers={speakers.data?.speakers ?? []}
          />
        </Suspense>
      ) : empty ? (
        <Placeholder text={t('panel.none')} />
      ) : timed ? (
        <>
          {transcription.edited && (
            <Text size="xs" c="dimmed">
              {t('view.timedEdited')}
            </Text>
          )}
          <TimedTranscript
            segments={transcription.segments}
            audioId={audioId}
            speakers={speakers.data?.speakers ?? []}
          />
        </>
      ) : (
        <TranscriptText
          transcription={transcription}
          audioId={audioId}
          speakers={speakers.data?.speakers ?? []}
        />
      )}
      {transcription.edited && !editing.editing && !timed && (
        <Text size="xs" c="dimmed">
          {t('view.edited')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Runs the speech engine on the recording again, in the same or another language (a wrong
 * language choice is the usual reason). The new transcript replaces the current one on screen.
 */
function TranscribeAgain({
  language,
  edited,
  onConfirm,
}: {
  language: string;
  edited: boolean;
  onConfirm(language: string): Promise<void>;
}) {
  const { t } = useTranslation('transcription');
  const [opened, setOpened] = useState(false);
  const [choice, setChoice] = useState(language);
  const start = useMutation({ mutationFn: onConfirm, onSuccess: () => setOpened(false) });
  const busy = start.isPending;
  return (
    <>
      <Tooltip label={t('again.label')}>
        <ActionIcon
          variant="default"
          size={30}
          aria-label={t('again.label')}
          onClick={() => {
            setChoice(language);
            start.reset();
            setOpened(true);
          }}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('again.title')} centered>
        <Stack>
          <Text size="sm">{edited ? t('again.textEdited') : t('again.text')}</Text>
          <LanguagePicker
            value={choice}
            onChange={setChoice}
            disabled={busy}
            description={t('again.spokenIn')}
          />
          {start.error && <ErrorState message={errorMessage(start.error, t('again.couldNotStart'))} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              {t('again.cancel')}
            </Button>
            <Button loading={busy} onClick={() => start.mutate(choice)}>
              {t('again.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ExportMenu({ audioId }: { audioId: string }) {
  const { t } = useTranslation('transcription');
  const download = (format: ExportFormat) =>
    downloadTranscript(audioId, format).catch((err: unknown) =>
      notifications.show({
        color: 'red',
        title: t('export.failed'),
        message: errorMessage(err, t('export.tryAgain')),
      }),
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />}>
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('txt')}>{t('export.txt')}</Menu.Item>
        <Menu.Item onClick={() => void download('srt')}>{t('export.srt')}</Menu.Item>
        <Menu.Item onClick={() => void download('vtt')}>{t('export.vtt')}</Menu.Item>
        <Menu.Item onClick={() => void download('json')}>{t('export.json')}</Menu.Item>
        <Menu.Item onClick={() => void download('docx')}>{t('export.docx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {text}
    </Text>
  );
}

/** When a fallback engine heard the recording: which one, what that means and why. */
function EngineFallback({ transcription }: { transcription: Transcription }) {
  const { t } = useTranslation('transcription');
  const engine = transcriptEngine(transcription);
  if (engine.passedOver.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" mt="sm" data-testid="transcript-fallback">
      <Text size="sm">
        {engine.id === 'pocketsphinx'
          ? t('fallback.pocketsphinx')
          : t('fallback.other', { engine: engine.name })}
      </Text>
      {engine.passedOver.map((p) => (
        <Text key={p.id} size="xs" c="dimmed">
          {t('fallback.why', { engine: p.name, reason: p.reason })}
        </Text>
      ))}
    </Alert>
  );
}

function engineNote(t: TFunction<'transcription'>, transcription: Transcription): string {
  const attempt = transcription.metadata.transcriptions.at(-1);
  const how = !attempt
    ? transcription.provider
    : attempt.model
      ? t('engineNote.byModel', { provider: attempt.provider, model: attempt.model, reason: attempt.reason })
      : t('engineNote.by', { provider: attempt.provider, reason: attempt.reason });
  if (transcription.confidence_score === null) return how;
  const confidence = formatNumber(Math.round(transcription.confidence_score * 100) / 100, {
    style: 'percent',
  });
  return t('engineNote.confidence', { how, confidence });
}
