import {
  ActionIcon,
  Affix,
  Anchor,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Menu,
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
  IconPlus,
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
  const now = new Date();
  // "This month" in the user's own time zone.
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).toISOString();
  const stats = useQuery({
    queryKey: ['audio', 'stats', monthStart],
    queryFn: () => api.request<AudioStats>(`/audio/stats?month_start=${encodeURIComponent(monthStart)}`),
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PerformanceCard stats={stats.data} loading={stats.isPending} />
        <MonthCard stats={stats.data} loading={stats.isPending} month={now} />
      </SimpleGrid>
      {/* Room to scroll the last card clear of the floating button. */}
      <Box h={48} aria-hidden />
      <QuickActionButton />
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
      note: `${audioLength(stats?.total_duration_s ?? 0)} of audio`,
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

/** A length of audio in the unit that reads best: seconds below a minute, else minutes. */
function audioLength(seconds: number): string {
  if (seconds < 59.5) {
    const s = Math.round(seconds);
    return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  }
  const m = Math.round(seconds / 60);
  return `${m.toLocaleString()} ${m === 1 ? 'minute' : 'minutes'}`;
}

const ENGINE_LABELS: Record<string, string> = {
  whisper: 'whisper.cpp',
  pocketsphinx: 'PocketSphinx',
  openai: 'OpenAI-compatible',
};

/** Seconds as "8.2 s" or "3 min 05 s". */
function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** A titled card of label–value rows, with skeletons while loading and a note when empty. */
function FigureCard({
  id,
  title,
  subtitle,
  rows,
  loading,
  empty,
}: {
  id: string;
  title: string;
  subtitle?: string;
  rows: Array<[label: string, value: string]>;
  loading: boolean;
  empty: string | null;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </Group>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton h={20} />
          <Skeleton h={20} />
          <Skeleton h={20} />
        </Stack>
      ) : empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={0} component="dl" m={0}>
          {rows.map(([label, value]) => (
            <Group
              key={label}
              justify="space-between"
              py={8}
              wrap="nowrap"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" fw={600} m={0} ta="right">
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** How fast this server turns the user's audio into text, from the transcripts themselves. */
function PerformanceCard({ stats, loading }: { stats: AudioStats | undefined; loading: boolean }) {
  const p = stats?.performance;
  const rows: Array<[string, string]> = p
    ? [
        ['Transcription speed', p.speed === null ? '—' : `${p.speed.toFixed(1)}× real time`],
        ['Upload to transcript', p.turnaround_s === null ? '—' : `${formatWait(p.turnaround_s)} on average`],
        [
          'Engines',
          p.engines.map((e) => `${ENGINE_LABELS[e.provider] ?? e.provider} (${e.transcripts})`).join(', '),
        ],
        ['Being transcribed now', String(stats?.processing ?? 0)],
      ]
    : [];
  return (
    <FigureCard
      id="processing-performance"
      title="Processing performance"
      rows={rows}
      loading={loading}
      empty={
        !p || p.engines.length === 0 ? 'Speed and turnaround show here after your first transcript.' : null
      }
    />
  );
}

/** What the user added since the first of their month. */
function MonthCard({
  stats,
  loading,
  month,
}: {
  stats: AudioStats | undefined;
  loading: boolean;
  month: Date;
}) {
  const m = stats?.this_month;
  return (
    <FigureCard
      id="this-month"
      title="This month"
      subtitle={month.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })}
      rows={
        m
          ? [
              ['Recordings and uploads', String(m.recordings)],
              ['Audio', audioLength(m.duration_s)],
              ['Transcribed', String(m.transcribed)],
            ]
          : []
      }
      loading={loading}
      empty={m && m.recordings === 0 ? 'Nothing recorded yet this month.' : null}
    />
  );
}

/** The floating button: the quick actions from anywhere on the dashboard, thumb-reachable on phones. */
function QuickActionButton() {
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Menu position="top-end" shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon size={56} radius="xl" variant="filled" aria-label="Quick actions menu">
            <IconPlus size={26} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {ACTIONS.map((action) => (
            <Menu.Item
              key={action.label}
              component={Link}
              to={action.to}
              leftSection={<action.icon size={16} />}
            >
              {action.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
