import { Button, Group } from '@mantine/core';
import { IconClearAll } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { AudioPlayer } from './AudioPlayer.tsx';
import { ProcessingBanner } from './ProcessingBanner.tsx';
import { PlaybackProvider } from './playback.tsx';
import { TranscriptionPanel } from './TranscriptionPanel.tsx';
import { audioKey } from './transcription-api.ts';
import { useAudioWorkflow } from './use-audio-workflow.ts';

/**
 * What follows the capture panel for one audio item: the processing or error banner, the
 * transcript, and 'Done & Clear', which stops following the item and empties the workflow.
 */
export function AudioWorkflowSection({ audioId, onClear }: { audioId: string | null; onClear(): void }) {
  const { t } = useTranslation('transcription');
  const workflow = useAudioWorkflow(audioId);
  const queryClient = useQueryClient();
  const retry = useMutation({ mutationFn: () => workflow.retry() });

  if (audioId && workflow.loadError) {
    return (
      <ErrorState
        title={t('workflow.openFailed')}
        message={workflow.loadError.message}
        onRetry={() => void queryClient.invalidateQueries({ queryKey: audioKey(audioId) })}
      />
    );
  }
  return (
    <PlaybackProvider>
      {workflow.audio && <AudioPlayer audio={workflow.audio} />}
      <ProcessingBanner workflow={workflow} onRetry={() => retry.mutate()} retrying={retry.isPending} />
      {retry.error && <ErrorState message={retry.error.message || t('workflow.failed')} />}
      <TranscriptionPanel audioId={audioId} workflow={workflow} />
      {audioId && (
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconClearAll size={16} />} onClick={onClear}>
            {t('workflow.clear')}
          </Button>
        </Group>
      )}
    </PlaybackProvider>
  );
}
