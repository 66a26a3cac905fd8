import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Content } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { SaveIndicator } from '../transcription/SaveIndicator.tsx';
import { canSave, type SaveState } from '../transcription/save-state.ts';
import { contentKey, saveContent, sourceContentKey } from './content-api.ts';
import { draftToSave, type EditDraft, originalOf, shownText } from './piece-edit.ts';

/**
 * Edits one language of a piece: its title and text (Markdown), with the spec's save indicator
 * (saved, saving, unsaved, error) and no auto-save. Cancel returns to the text as it was; Reset to
 * what the writer or translator first gave; an edit shorter than a tenth of that is not kept.
 */
export function PieceEditor({
  piece,
  language,
  onClose,
}: {
  piece: Content;
  language: string;
  onClose(): void;
}) {
  const { t } = useTranslation('content');
  const queryClient = useQueryClient();
  const translation = piece.metadata.translations[language];
  const [saved, setSaved] = useState<EditDraft>({
    title: translation?.title ?? '',
    text: shownText(translation ?? { text: '' }),
  });
  const [draft, setDraft] = useState<EditDraft>(saved);
  const [state, setState] = useState<SaveState>('saved');
  const [problem, setProblem] = useState<string | null>(null);
  const [discarded, setDiscarded] = useState(false);
  const [revision, setRevision] = useState(piece.revision);
  const original = originalOf(piece, language);
  const dirty = draft.title !== saved.title || draft.text !== saved.text;

  const change = (next: EditDraft) => {
    setDraft(next);
    setDiscarded(false);
    setState(next.title !== saved.title || next.text !== saved.text ? 'unsaved' : 'saved');
  };

  const save = async () => {
    const toSave = draftToSave(saved, original, draft);
    if (!toSave) {
      setDraft(saved);
      setState('saved');
      return;
    }
    setState('saving');
    setProblem(null);
    try {
      const updated = await saveContent(piece.id, {
        language,
        title: toSave.title,
        text: toSave.text,
        revision,
      });
      queryClient.setQueryData(contentKey(piece.id), updated);
      void queryClient.invalidateQueries({ queryKey: sourceContentKey(piece.transcription_id) });
      const now = { title: toSave.title, text: toSave.text };
      setSaved(now);
      setDraft(now);
      setRevision(updated.revision);
      setState('saved');
      setDiscarded(toSave.discarded);
      if (!toSave.discarded) onClose();
    } catch (err) {
      setState('error');
      setProblem(
        err instanceof ApiError && err.code === 'conflict'
          ? t('viewer.edit.conflict')
          : errorMessage(err, t('viewer.edit.failed')),
      );
    }
  };

  return (
    <Stack gap="sm">
      <SaveIndicator state={state} />
      <TextInput
        label={t('viewer.edit.title')}
        value={draft.title}
        maxLength={300}
        onChange={(e) => change({ ...draft, title: e.currentTarget.value })}
      />
      <Textarea
        label={t('viewer.edit.text')}
        description={t('viewer.edit.textHint')}
        value={draft.text}
        autosize
        minRows={8}
        maxRows={30}
        onChange={(e) => change({ ...draft, text: e.currentTarget.value })}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
      />
      {discarded && (
        <Alert color="yellow" variant="light" role="status">
          {t('viewer.edit.discarded')}
        </Alert>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Group gap="xs" justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconArrowBackUp size={14} />}
          disabled={draft.title === original.title && draft.text === original.text}
          onClick={() => change({ ...original })}
        >
          {t('viewer.edit.reset')}
        </Button>
        <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={onClose}>
          {t('viewer.edit.cancel')}
        </Button>
        <Button
          size="xs"
          leftSection={<IconCheck size={14} />}
          disabled={!canSave(state, dirty)}
          loading={state === 'saving'}
          onClick={() => void save()}
        >
          {t('viewer.edit.save')}
        </Button>
      </Group>
    </Stack>
  );
}
