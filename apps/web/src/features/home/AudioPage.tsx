import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { CapturePanel } from '../audio/CapturePanel.tsx';
import type { CaptureMode, CaptureResult } from '../audio/capture-result.ts';
import { AudioWorkflowSection } from '../transcription/AudioWorkflowSection.tsx';

/**
 * The audio sub-view: capture (record or upload), then the transcript of the audio in `?audio=`.
 * The audio id lives in the URL, so a reload — or a link from the dashboard — shows the same item
 * and, while it is processing, its live progress. `?mode=upload|record` picks the capture tab.
 */
export function AudioPage() {
  const { t } = useTranslation('home');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const mode: CaptureMode = params.get('mode') === 'upload' ? 'upload' : 'record';
  const audioId = params.get('audio');
  // Done & Clear also empties the capture panel: a new key mounts it afresh.
  const [captureKey, setCaptureKey] = useState(0);
  // Opened for an existing audio (from the dashboard or a link): go straight to its transcript.
  const workflowRef = useRef<HTMLDivElement>(null);
  const openedWithAudio = useRef(audioId !== null);
  useEffect(() => {
    if (openedWithAudio.current) workflowRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  const update = useCallback(
    (next: { mode?: CaptureMode; audio?: string | null }, replace: boolean) =>
      setParams(
        (p) => {
          if (next.mode) p.set('mode', next.mode);
          if (next.audio === null) p.delete('audio');
          else if (next.audio) p.set('audio', next.audio);
          return p;
        },
        { replace },
      ),
    [setParams],
  );

  const onModeChange = useCallback((next: CaptureMode) => update({ mode: next }, true), [update]);
  const onUploaded = useCallback(
    (result: CaptureResult) => {
      // The dashboard's figures and lists now include this audio.
      void queryClient.invalidateQueries({ queryKey: ['audio', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['audio', 'stats'] });
      update({ audio: result.audioId }, false);
    },
    [update, queryClient],
  );
  const onClear = useCallback(() => {
    setCaptureKey((k) => k + 1);
    update({ audio: null }, false);
  }, [update]);

  return (
    <PageFrame title={t('workflow.title')} lead={t('workflow.lead')}>
      <Group>
        <Anchor component={Link} to="/home" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('workflow.back')}
          </Group>
        </Anchor>
      </Group>
      <CapturePanel key={captureKey} mode={mode} onModeChange={onModeChange} onUploaded={onUploaded} />
      <Stack gap="xl" ref={workflowRef} style={{ scrollMarginTop: 80 }}>
        <AudioWorkflowSection key={audioId ?? 'none'} audioId={audioId} onClear={onClear} />
      </Stack>
    </PageFrame>
  );
}
