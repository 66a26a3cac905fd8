import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminJob, WhisperDownloadStarted, WhisperModel } from '@voxpress/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAdminJob } from '../settings-api.ts';

/** What a download control needs to know of a model, whatever its kind. */
export interface DownloadableModel {
  name: string;
  downloaded: boolean;
  /** The model's latest download job, if any. */
  download: WhisperModel['download'];
}

const isRunning = (status: AdminJob['status'] | undefined) => status === 'queued' || status === 'running';

/**
 * A model's download: starts the job, follows its progress live (server-sent events, with
 * polling every second if the stream breaks, or for a download found under way after a reload)
 * and calls `onDone` once it has finished either way.
 */
export function useModelDownload(
  model: DownloadableModel,
  startDownload: (name: string) => Promise<WhisperDownloadStarted>,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(
    model.download && isRunning(model.download.status) ? model.download.job_id : null,
  );
  const [streaming, setStreaming] = useState(false);
  const follow = (id: string, url: string) => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    setStreaming(true);
    const stop = () => {
      source.close();
      setStreaming(false);
    };
    source.onmessage = (event: MessageEvent<string>) =>
      queryClient.setQueryData(['admin', 'job', id], JSON.parse(event.data) as AdminJob);
    source.addEventListener('complete', stop);
    source.onerror = stop;
  };
  const start = useMutation({
    mutationFn: startDownload,
    onSuccess: (r) => {
      setJobId(r.job_id);
      follow(r.job_id, r.stream_url);
    },
  });
  const job = useQuery({
    queryKey: ['admin', 'job', jobId],
    queryFn: () => fetchAdminJob(jobId as string),
    enabled: jobId !== null,
    refetchInterval: (q) => (streaming || (q.state.data && !isRunning(q.state.data.status)) ? false : 1000),
  });
  const finished = job.data !== undefined && !isRunning(job.data.status);
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);
  const failure =
    job.data?.status === 'failed'
      ? job.data.error
      : model.download?.status === 'failed'
        ? model.download.error
        : (start.error?.message ?? null);
  return {
    start: () => start.mutate(model.name),
    starting: start.isPending,
    running: jobId !== null && !finished,
    /** Percent done, 0–100. */
    progress:
      job.data?.progress ??
      (model.download && isRunning(model.download.status) ? model.download.progress : 0),
    message: job.data?.message ?? null,
    failure,
  };
}

/**
 * The state of one downloadable model, for any list of models: `ready` once it is on the server;
 * while it downloads, its progress live; otherwise what is missing, a Download button and why the
 * last download failed.
 */
export function ModelDownloadState({
  model,
  start,
  onDone,
  ready,
  missing,
  progressLabel,
  failureLabel,
  extra,
}: {
  model: DownloadableModel;
  start: (name: string) => Promise<WhisperDownloadStarted>;
  onDone(): void;
  /** Shown when the model is on the server. */
  ready: ReactNode;
  /** What is missing, shown above the button ("Not downloaded: 1.2 GB"). */
  missing?: string;
  /** The words beside the progress bar, from the percent done. */
  progressLabel?: (percent: number) => string;
  /** How a failed download is told, from its reason. */
  failureLabel?: (reason: string) => string;
  /** Another action on the model, beside its state or its Download button (e.g. choosing it). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const download = useModelDownload(model, start, onDone);
  if (model.downloaded)
    return extra ? (
      <Group gap="xs">
        {ready}
        {extra}
      </Group>
    ) : (
      ready
    );
  if (download.running) {
    const words = [progressLabel?.(download.progress), download.message].filter(Boolean).join(' · ');
    return (
      <Stack gap={2}>
        <Progress value={download.progress} aria-label={t('admin.whisper.progress', { name: model.name })} />
        <Text size="xs" c="dimmed" aria-live="polite">
          {words || t('admin.whisper.starting')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      {missing && (
        <Text size="xs" c="dimmed">
          {missing}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={download.start}
          loading={download.starting}
        >
          {t('admin.whisper.download')}
        </Button>
        {extra}
      </Group>
      {download.failure && (
        <Text size="xs" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
          {failureLabel ? failureLabel(download.failure) : download.failure}
        </Text>
      )}
    </Stack>
  );
}
