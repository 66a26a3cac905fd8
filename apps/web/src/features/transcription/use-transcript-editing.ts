import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Transcription } from '@voxpress/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SaveState } from './save-state.ts';
import { textToHtml } from './save-state.ts';
import type { TranscriptContent } from './TranscriptEditor.tsx';
import { saveTranscription, transcriptionKey } from './transcription-api.ts';

/** The transcript's current content for the editor: the saved rich text, else the plain text. */
export function contentOf(t: Transcription): TranscriptContent {
  return { text: t.text, html: t.html ?? textToHtml(t.text) };
}

/**
 * Edit mode for a transcript: the draft, the save indicator, auto-save after 2 s without typing
 * (when `autoSave`), Save, and Cancel, which returns to the text as it was when editing began.
 */
export function useTranscriptEditing(audioId: string, transcription: Transcription, autoSave = true) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [state, setState] = useState<SaveState>('saved');
  const draft = useRef<TranscriptContent>(contentOf(transcription));
  const atStart = useRef<TranscriptContent>(contentOf(transcription));
  const lastSaved = useRef<TranscriptContent>(contentOf(transcription));
  const timer = useRef<number | undefined>(undefined);

  const save = useCallback(
    async (content: TranscriptContent = draft.current) => {
      window.clearTimeout(timer.current);
      if (content.html === lastSaved.current.html && content.text === lastSaved.current.text) {
        setState('saved');
        return;
      }
      setState('saving');
      try {
        const saved = await saveTranscription(audioId, content);
        lastSaved.current = content;
        queryClient.setQueryData(transcriptionKey(audioId), saved);
        // Typing may have gone on while the request was out.
        setState(draft.current.html === content.html ? 'saved' : 'unsaved');
      } catch {
        setState('error');
      }
    },
    [audioId, queryClient],
  );

  const change = useCallback(
    (content: TranscriptContent) => {
      draft.current = content;
      setState('unsaved');
      window.clearTimeout(timer.current);
      if (autoSave) timer.current = window.setTimeout(() => void save(), LIMITS.autoSaveDelayMs);
    },
    [autoSave, save],
  );

  const startEditing = useCallback(() => {
    const current = contentOf(transcription);
    draft.current = current;
    atStart.current = current;
    lastSaved.current = current;
    setState('saved');
    setEditing(true);
  }, [transcription]);

  const cancel = useCallback(async () => {
    window.clearTimeout(timer.current);
    draft.current = atStart.current;
    setEditing(false);
    await save(atStart.current);
  }, [save]);

  const finish = useCallback(async () => {
    await save();
    setEditing(false);
  }, [save]);

  // Closing or reloading the tab with unsaved typing asks first.
  useEffect(() => {
    if (state === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  // Leaving the page must not lose typing that auto-save had not sent yet.
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      if (draft.current.html !== lastSaved.current.html)
        void saveTranscription(audioId, draft.current).catch(() => {});
    },
    [audioId],
  );

  return {
    editing,
    state,
    dirty: state === 'unsaved' || state === 'error',
    initialHtml: draft.current.html,
    startEditing,
    change,
    save: () => save(),
    cancel,
    finish,
  };
}
