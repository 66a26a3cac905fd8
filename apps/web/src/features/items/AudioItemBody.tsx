import { Box, Button, Group } from '@mantine/core';
import { IconClearAll } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@voxpress/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/PageState.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { AskBox } from '../ask/AskBox.tsx';
import { AudioPlayer } from '../transcription/AudioPlayer.tsx';
import { ProcessingBanner } from '../transcription/ProcessingBanner.tsx';
import { PlaybackProvider } from '../transcription/playback.tsx';
import { TranscriptionPanel } from '../transcription/TranscriptionPanel.tsx';
import { useAudioWorkflow } from '../transcription/use-audio-workflow.ts';
import { ItemSections } from './ItemSections.tsx';
import { itemKey } from './items-api.ts';
import { VideoPlayer } from './VideoPlayer.tsx';

/**
 * A recording or upload: the player, kept in view while the page scrolls, then the processing
 * banner and the transcript, then what is made from it. Everything below the player can play the
 * recording from a moment (the transcript's timed view, the content's paragraphs).
 */
export function AudioItemBody({ item }: { item: Item }) {
  const { t } = useTranslation('transcription');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workflow = useAudioWorkflow(item.id);
  const retry = useMutation({ mutationFn: () => workflow.retry() });
  const audio = workflow.audio ?? item.audio;
  const transcriptionId = workflow.state === 'completed' ? (audio?.transcription_id ?? null) : null;

  // Once heard, a recording may be named after its first words: read the item again.
  useEffect(() => {
    if (workflow.state === 'completed') void queryClient.invalidateQueries({ queryKey: itemKey(item.id) });
  }, [workflow.state, item.id, queryClient]);

  return (
    <PlaybackProvider>
      {audio && audio.status !== 'pending_upload' && (
        <Box
          pos="sticky"
          py={8}
          my={-8}
          bg="var(--mantine-color-body)"
          // The band above and below the player hides the text scrolling under it.
          style={{ top: 'var(--app-shell-header-height, 64px)', zIndex: 20 }}
          data-testid="sticky-player"
        >
          {audio.video ? <VideoPlayer audio={audio} /> : <AudioPlayer audio={audio} compact />}
        </Box>
      )}
      <ProcessingBanner workflow={workflow} onRetry={() => retry.mutate()} retrying={retry.isPending} />
      {retry.error && <ErrorState message={errorMessage(retry.error, t('workflow.failed'))} />}
      <TranscriptionPanel audioId={item.id} workflow={workflow} />
      {transcriptionId && <AskBox itemId={item.id} />}
      <ItemSections item={item} transcriptionId={transcriptionId} />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconClearAll size={16} />}
          onClick={() => void navigate('/home/audio')}
        >
          {t('workflow.clear')}
        </Button>
      </Group>
    </PlaybackProvider>
  );
}
