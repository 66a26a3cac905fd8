import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconClock,
  IconDatabase,
  IconFileUpload,
  IconInfoCircle,
  IconMicrophone,
  IconPlayerRecord,
  IconRosetteDiscountCheck,
  IconSettings,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type AudioStats, formatBytes } from '@voxpress/contracts';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { ErrorState } from '../../components/PageState.tsx';
import { api } from '../../lib/api.ts';
import { firstName } from '../../lib/names.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { AudioList } from '../library/AudioList.tsx';
import { listAudio } from '../transcription/transcription-api.ts';

const ACTIONS = [
  { label: 'Start new recording', to: '/home/audio?mode=record', icon: IconPlayerRecord, primary: true },
  { label: 'Import file', to: '/home/audio?mode=upload', icon: IconFileUpload, primary: false },
  { label: 'Settings', to: '/settings', icon: IconSettings, primary: false },
] as const;

/** The dashboard: greeting, real figures from the user's audio, quick actions and recent activity. */
export function HomePage() {
  const { user } = useAuth();
  const stats = useQuery({
    queryKey: ['audio', 'stats'],
    queryFn: () => api.request<AudioStats>('/audio/stats'),
  });
  const recent = useQuery({ queryKey: ['audio', 'list', 'recent'], queryFn: () => listAudio({ limit: 5 }) });

  return (
    <PageFrame
      title={`Welcome, ${firstName(user?.name || user?.full_name)}`}
      lead="Record or import audio; each file is transcribed on this server and listed here."
    >
      <StatCards stats={stats.data} loading={stats.isPending} error={stats.error} />
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="quick-actions">
        <Title order={2} fz="h4" id="quick-actions" mb="md">
          Quick actions
        </Title>
        <Group gap="sm">
          {ACTIONS.map((action) => (
            <Button
              key={action.label}
              component={Link}
              to={action.to}
              variant={action.primary ? 'filled' : 'default'}
              leftSection={<action.icon size={18} aria-hidden />}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="recent-activity">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="h4" id="recent-activity">
            Recent activity
          </Title>
          {recent.data && recent.data.total > 0 && (
            <Anchor component={Link} to="/home/library" size="sm">
              View all ({recent.data.total})
            </Anchor>
          )}
        </Group>
        {recent.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading recent activity">
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : recent.error ? (
          <ErrorState message={recent.error.message} onRetry={() => void recent.refetch()} />
        ) : recent.data.items.length === 0 ? (
          <EmptyState size="sm" icon={<IconMicrophone size={24} />} variant="light">
            <EmptyState.Title order={3}>No recordings yet</EmptyState.Title>
            <EmptyState.Description>
              When you record or import audio, each file and its transcription status shows up here.
            </EmptyState.Description>
          </EmptyState>
        ) : (
          <AudioList items={recent.data.items} />
        )}
      </Card>
    </PageFrame>
  );
}

function StatCards({
  stats,
  loading,
  error,
}: {
  stats: AudioStats | undefined;
  loading: boolean;
  error: Error | null;
}) {
  if (error) return <ErrorState title="Figures unavailable" message={error.message} />;
  const hours = stats ? stats.total_duration_s / 3600 : 0;
  const quota = stats?.storage_quota_bytes ?? null;
  const cards: Array<{
    label: string;
    value: string;
    note: string;
    icon: ComponentType<{ size?: number }>;
    /** What the figure means, behind an info button. */
    hint?: string;
    /** Share of a limit in use (0–1), drawn as a bar, and the same in words. */
    usage?: { share: number; text: string };
  }> = [
    {
      label: 'Total recordings',
      value: String(stats?.total_recordings ?? 0),
      note: stats?.processing ? `${stats.processing} being transcribed` : 'Recordings and uploads',
      icon: IconMicrophone,
    },
    {
      label: 'Total hours',
      value: hours < 10 ? hours.toFixed(2) : hours.toFixed(1),
      note: audioLength(stats?.total_duration_s ?? 0),
      icon: IconClock,
    },
    {
      label: 'Storage used',
      value: formatBytes(stats?.storage_bytes ?? 0),
      note: quota ? `of ${formatBytes(quota)} for your audio` : 'Audio kept on this server',
      icon: IconDatabase,
      ...(quota && stats
        ? {
            usage: {
              share: Math.min(1, stats.storage_bytes / quota),
              text: `${formatBytes(stats.storage_bytes)} of ${formatBytes(quota)}`,
            },
          }
        : {}),
    },
    {
      label: 'Accuracy rate',
      value: stats?.accuracy_rate == null ? '—' : `${Math.round(stats.accuracy_rate * 100)}%`,
      note: stats ? `${stats.transcribed} transcribed, ${stats.failed} failed` : 'Engine confidence',
      hint: 'How sure the speech engines were of the words they heard, averaged over your transcripts and weighted by length.',
      icon: IconRosetteDiscountCheck,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="section" aria-label="Your figures">
      {cards.map((c) => (
        <Card key={c.label} withBorder radius="lg" padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {c.label}
                </Text>
                {c.hint && (
                  <Tooltip
                    label={c.hint}
                    multiline
                    w={260}
                    withArrow
                    events={{ hover: true, focus: true, touch: true }}
                  >
                    <ActionIcon variant="subtle" color="gray" size="xs" aria-label={`${c.label}: ${c.hint}`}>
                      <IconInfoCircle size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              {loading ? (
                <Skeleton h={30} w={70} mt={4} />
              ) : (
                <Text fz={28} fw={750} lh={1.2}>
                  {c.value}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {c.note}
              </Text>
            </Stack>
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
              <c.icon size={20} />
            </ThemeIcon>
          </Group>
          {c.usage && <UsageBar label={c.label} {...c.usage} />}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** How much of a limit is in use; turns orange past 75 % and red past 90 %. */
function UsageBar({ label, share, text }: { label: string; share: number; text: string }) {
  const percent = Math.round(share * 1000) / 10;
  return (
    <Progress.Root
      size="sm"
      radius="xl"
      mt="sm"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={text}
    >
      <Progress.Section
        value={percent}
        withAria={false}
        color={share > 0.9 ? 'red' : share > 0.75 ? 'orange' : undefined}
      />
    </Progress.Root>
  );
}

/** A total length of audio in the unit that reads best: seconds below a minute, else minutes. */
function audioLength(seconds: number): string {
  if (seconds < 59.5) {
    const s = Math.round(seconds);
    return `${s} ${s === 1 ? 'second' : 'seconds'} of audio`;
  }
  const m = Math.round(seconds / 60);
  return `${m.toLocaleString()} ${m === 1 ? 'minute' : 'minutes'} of audio`;
}
