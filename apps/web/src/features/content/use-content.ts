import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Content, ContentStatusEvent } from '@voxpress/contracts';
import { useEffect, useState } from 'react';
import {
  contentKey,
  getContent,
  getContentLinks,
  listSourceContent,
  sourceContentKey,
} from './content-api.ts';
import { isSettled, monitorContent } from './content-monitor.ts';

/** Every piece written from a source, newest first. */
export function useSourceContent(transcriptionId: string) {
  return useQuery({
    queryKey: sourceContentKey(transcriptionId),
    queryFn: () => listSourceContent(transcriptionId),
  });
}

/** A piece as the status stream last described it: status, progress and per-language statuses. */
function withStatus(piece: Content, s: ContentStatusEvent): Content {
  const translations = { ...piece.metadata.translations };
  for (const [language, status] of Object.entries(s.translation_status)) {
    const entry = translations[language];
    if (entry) translations[language] = { ...entry, status };
  }
  return {
    ...piece,
    status: s.status as Content['status'],
    progress: s.progress,
    metadata: {
      ...piece.metadata,
      translations,
      translation_status: s.translation_status,
      error: s.error,
    },
  };
}

/**
 * One piece, followed live while it is being written: the status stream (through a short-lived
 * link), with the spec's polling as fallback. A language that finishes brings its text in; a
 * finished piece is read again in full. `monitorError` is set when following it failed.
 */
export function usePiece(transcriptionId: string, id: string | null) {
  const queryClient = useQueryClient();
  const piece = useQuery({
    queryKey: contentKey(id ?? ''),
    queryFn: () => getContent(id as string),
    enabled: id !== null,
    initialData: () =>
      queryClient.getQueryData<Content[]>(sourceContentKey(transcriptionId))?.find((c) => c.id === id),
  });
  const [monitorError, setMonitorError] = useState<string | null>(null);
  const settled = piece.data ? isSettled(piece.data.status) : true;

  useEffect(() => {
    if (!id || settled) return;
    setMonitorError(null);
    let stop = () => {};
    let cancelled = false;
    let seen: Record<string, string> = {};
    const apply = (s: ContentStatusEvent) => {
      const before = queryClient.getQueryData<Content>(contentKey(id));
      if (before) queryClient.setQueryData(contentKey(id), withStatus(before, s));
      queryClient.setQueryData<Content[]>(sourceContentKey(transcriptionId), (list) =>
        list?.map((c) => (c.id === id ? withStatus(c, s) : c)),
      );
      // A language just finished (or the piece did): its text is read in.
      const changed = Object.entries(s.translation_status).some(([l, st]) => seen[l] !== st);
      seen = s.translation_status;
      if (changed || isSettled(s.status)) void queryClient.invalidateQueries({ queryKey: contentKey(id) });
      if (isSettled(s.status))
        void queryClient.invalidateQueries({ queryKey: sourceContentKey(transcriptionId) });
    };
    void getContentLinks(id)
      .then((links) => links.status_url)
      .catch(() => null)
      .then((streamUrl) => {
        if (cancelled) return;
        stop = monitorContent(
          {
            openStream: () =>
              streamUrl && typeof EventSource !== 'undefined' ? new EventSource(streamUrl) : null,
            poll: async () => {
              const c = await getContent(id);
              return {
                content_id: c.id,
                status: c.status,
                progress: c.progress,
                translation_status: c.metadata.translation_status,
                error: c.metadata.error,
              };
            },
            setTimeout: (fn, ms) => window.setTimeout(fn, ms),
            clearTimeout: (handle) => window.clearTimeout(handle as number),
          },
          { onStatus: apply, onError: setMonitorError },
        );
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [id, settled, transcriptionId, queryClient]);

  return { piece, monitorError };
}
