import {
  ActionIcon,
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
  Typography,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconChevronDown,
  IconDownload,
  IconEdit,
  IconLoader2,
  IconPointFilled,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { Transcription } from '@voxpress/contracts';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useId, useState } from 'react';
import { ErrorState } from '../../components/PageState.tsx';
import { LanguagePicker } from '../audio/LanguagePicker.tsx';
import { languageName } from '../audio/language-fields.ts';
import { canSave, SAVE_LABELS, type SaveState } from './save-state.ts';
import { TimedTranscript } from './TimedTranscript.tsx';
import { downloadTranscript, type ExportFormat } from './transcription-api.ts';
import type { AudioWorkflow } from './use-audio-workflow.ts';
import { contentOf, useTranscriptEditing } from './use-transcript-editing.ts';

// The editor (tiptap and ProseMirror) is most of this page's code: it loads when editing starts.
const TranscriptEditor = lazy(() =>
  import('./TranscriptEditor.tsx').then((m) => ({ default: m.TranscriptEditor })),
);

/**
 * The 'Voice to Text Translation' panel: the transcript with its language and engine, editable in
 * place with a rich-text editor and a save indicator, exportable as TXT, SRT or VTT.
 */
export function TranscriptionPanel({
  audioId,
  workflow,
}: {
  audioId: string | null;
  workflow: AudioWorkflow;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const t = workflow.transcription;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={`${bodyId}-title`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={2} fz="h4" id={`${bodyId}-title`}>
            Voice to Text Translation
          </Title>
          {t.data && (
            <>
              <Badge variant="light">{languageName(t.data.language)}</Badge>
              <Tooltip label={engineNote(t.data)} withArrow multiline maw={280}>
                <Badge variant="outline" color="gray" tabIndex={0}>
                  Optimized Engine
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
          aria-label={open ? 'Collapse transcription' : 'Expand transcription'}
        >
          <IconChevronDown
            size={18}
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </ActionIcon>
      </Group>
      <Collapse expanded={open}>
        <Box id={bodyId} pt="md">
          {!audioId ? (
            <Placeholder text="Start recording or upload an audio file to see transcription here." />
          ) : workflow.state !== 'completed' ? (
            <Placeholder
              text={
                workflow.state === 'failed'
                  ? 'No transcription available.'
                  : 'The transcript appears here as soon as the speech engine has finished.'
              }
            />
          ) : t.isPending ? (
            <Stack gap="xs" aria-busy="true" aria-label="Loading transcript">
              <Skeleton h={14} />
              <Skeleton h={14} />
              <Skeleton h={14} w="70%" />
            </Stack>
          ) : t.error ? (
            <ErrorState
              title="Failed to fetch transcription"
              message={t.error.message}
              onRetry={() => void t.refetch()}
            />
          ) : t.data ? (
            <TranscriptBody
              key={t.data.id}
              audioId={audioId}
              transcription={t.data}
              language={workflow.audio?.language ?? t.data.language}
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
  const editing = useTranscriptEditing(audioId, transcription);
  const empty = !transcription.text.trim();
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
              { label: 'Text', value: 'text' },
              { label: 'Timed', value: 'timed' },
            ]}
            aria-label="Transcript view"
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
                Cancel
              </Button>
              <Button
                size="xs"
                leftSection={<IconCheck size={14} />}
                disabled={!canSave(editing.state, editing.dirty) && editing.state !== 'saved'}
                loading={editing.state === 'saving'}
                onClick={() => void editing.finish()}
              >
                {editing.dirty ? 'Save' : 'Done'}
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
                Edit
              </Button>
              <ExportMenu audioId={audioId} />
              <TranscribeAgain
                language={language}
                edited={transcription.edited}
                onConfirm={onTranscribeAgain}
              />
            </>
          )}
        </Group>
      </Group>
      {editing.editing ? (
        <Suspense fallback={<Skeleton h={260} aria-label="Loading the editor" />}>
          <TranscriptEditor
            initialHtml={editing.initialHtml}
            onChange={editing.change}
            label="Transcript text"
          />
        </Suspense>
      ) : empty ? (
        <Placeholder text="No transcription available." />
      ) : timed ? (
        <>
          {transcription.edited && (
            <Text size="xs" c="dimmed">
              The timed view shows the engine’s original words; your edit is under Text.
            </Text>
          )}
          <TimedTranscript segments={transcription.segments} />
        </>
      ) : (
        <Typography>
          <Box
            data-testid="transcript-text"
            style={{ lineHeight: 1.7 }}
            // The stored rich text passes through DOMPurify; plain text is escaped by contentOf.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
            dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(contentOf(transcription).html) }}
          />
        </Typography>
      )}
      {transcription.edited && !editing.editing && !timed && (
        <Text size="xs" c="dimmed">
          Edited by you. Later steps use this version; the engine’s original is kept.
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
  const [opened, setOpened] = useState(false);
  const [choice, setChoice] = useState(language);
  const start = useMutation({ mutationFn: onConfirm, onSuccess: () => setOpened(false) });
  const busy = start.isPending;
  return (
    <>
      <Tooltip label="Transcribe again">
        <ActionIcon
          variant="default"
          size={30}
          aria-label="Transcribe again"
          onClick={() => {
            setChoice(language);
            start.reset();
            setOpened(true);
          }}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Transcribe again?" centered>
        <Stack>
          <Text size="sm">
            The speech engine listens to the recording again, and its new transcript replaces this one.
            {edited && ' Your edited version stays saved with the earlier transcript but is no longer shown.'}
          </Text>
          <LanguagePicker
            value={choice}
            onChange={setChoice}
            disabled={busy}
            description="Spoken in the recording"
          />
          {start.error && (
            <ErrorState message={start.error.message || 'Transcription could not start. Please try again.'} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => start.mutate(choice)}>
              Transcribe again
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function SaveIndicator({ state, visible }: { state: SaveState; visible: boolean }) {
  const color = { saved: 'teal', saving: 'blue', unsaved: 'yellow', error: 'red' }[state];
  return (
    <Group gap={4} aria-live="polite" role="status" style={{ visibility: visible ? 'visible' : 'hidden' }}>
      {state === 'saving' ? (
        <IconLoader2 size={14} aria-hidden />
      ) : (
        <IconPointFilled size={14} color={`var(--mantine-color-${color}-6)`} aria-hidden />
      )}
      <Text size="sm" c={state === 'error' ? 'red' : 'dimmed'}>
        {SAVE_LABELS[state]}
      </Text>
    </Group>
  );
}

function ExportMenu({ audioId }: { audioId: string }) {
  const download = (format: ExportFormat) =>
    downloadTranscript(audioId, format).catch((err: unknown) =>
      notifications.show({
        color: 'red',
        title: 'Download failed',
        message: err instanceof Error ? err.message : 'Please try again.',
      }),
    );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('txt')}>Text (.txt)</Menu.Item>
        <Menu.Item onClick={() => void download('srt')}>Subtitles (.srt)</Menu.Item>
        <Menu.Item onClick={() => void download('vtt')}>Web captions (.vtt)</Menu.Item>
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

function engineNote(t: Transcription): string {
  const attempt = t.metadata.transcriptions.at(-1);
  const how = attempt
    ? `Transcribed by ${attempt.provider}${attempt.model ? ` (${attempt.model})` : ''}: ${attempt.reason}`
    : t.provider;
  return t.confidence_score === null
    ? how
    : `${how} · engine confidence ${Math.round(t.confidence_score * 100)}%`;
}
