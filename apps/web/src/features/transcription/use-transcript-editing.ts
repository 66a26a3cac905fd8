import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Transcription } from '@voxpress/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import type { SaveState } from './save-state.ts';
import { textToHtml } from './save-state.ts';
import { hasSpeakers, turnsHtml } from './speaker-turns.ts';
import type { TranscriptContent } from './TranscriptEditor.tsx';
import { getTranscription, saveTranscription, transcriptionKey } from './transcription-api.ts';

/**
 * The transcript's current content for the editor: the saved rich text; else, once speakers are
 * found in what was heard, a paragraph per speaker turn (each keeping its voice); else the text.
 */
export function contentOf(t: Transcription): TranscriptContent {
  if (t.html) return { text: t.text, html: t.html };
  if (!t.edited && hasSpeakers(t.segments)) return { text: t.text, html: turnsHtml(t.segments) };
  return { text: t.text, html: textToHtml(t.text) };
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
  /** The version the draft was made from; the server refuses a save from an older one. */
  const version = useRef(transcription.version);
  const timer = useRef<number | undefined>(undefined);
  /** The server's message when the transcript was saved elsewhere meanwhile; the draft is kept. */
  const [conflict, setConflict] = useState<string | null>(null);
  /** Bumped when the editor must start again from other content (a reload after a conflict). */
  const [revision, setRevision] = useState(0);

  const save = useCallback(
    async (content: TranscriptContent = draft.current): Promise<'saved' | 'conflict' | 'failed'> => {
      window.clearTimeout(timer.current);
      if (content.html === lastSaved.current.html && content.text === lastSaved.current.text) {
        setState('saved');
        return 'saved';
      }
      setState('saving');
      try {
        const saved = await saveTranscription(audioId, content, version.current);
        version.current = saved.version;
        lastSaved.current = content;
        setConflict(null);
        queryClient.setQueryData(transcriptionKey(audioId), saved);
        // Typing may have gone on while the request was out.
        setState(draft.current.html === content.html ? 'saved' : 'unsaved');
        return 'saved';
      } catch (err) {
        setState('error');
        if (err instanceof ApiError && err.code === 'conflict') {
          setConflict(err.message);
          return 'conflict';
        }
        return 'failed';
      }
    },
    [audioId, queryClient],
  );

  /** After a conflict: drop the draft and edit the version saved elsewhere. */
  const reload = useCallback(async () => {
    const latest = await getTranscription(audioId);
    queryClient.setQueryData(transcriptionKey(audioId), latest);
    const content = contentOf(latest);
    draft.current = content;
    lastSaved.current = content;
    version.current = latest.version;
    setConflict(null);
    setState('saved');
    setRevision((r) => r + 1);
  }, [audioId, queryClient]);

  /** After a conflict: save the draft over the version saved elsewhere. */
  const overwrite = useCallback(async () => {
    const latest = await getTranscription(audioId);
    version.current = latest.version;
    lastSaved.current = contentOf(latest);
    await save(draft.current);
  }, [audioId, save]);

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
    version.current = transcription.version;
    setConflict(null);
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
    // A conflict keeps the editor open with the user's text, to reload or overwrite.
    if ((await save()) !== 'conflict') setEditing(false);
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
        void saveTranscription(audioId, draft.current, version.current).catch(() => {});
    },
    [audioId],
  );

  return {
    editing,
    state,
    dirty: state === 'unsaved' || state === 'error',
    initialHtml: draft.current.html,
    conflict,
    revision,
    reload,
    overwrite,
    startEditing,
    change,
    save: async () => {
      await save();
    },
    cancel,
    finish,
  };
}
