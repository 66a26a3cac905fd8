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
  Transition,
} from '@mantine/core';
import { useIntersection, useMediaQuery } from '@mantine/hooks';
import {
  IconClock,
  IconDatabase,
  IconInfoCircle,
  IconMicrophone,
  IconPlus,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type AudioStats, LIMITS } from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { ErrorState } from '../../components/PageState.tsx';
import {
  formatDuration,
  formatFileSize,
  formatFixed,
  formatList,
  formatMonth,
  formatNumber,
  formatPercent,
} from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { firstName } from '../../lib/names.ts';
import { AskBox } from '../ask/AskBox.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { listItems } from '../items/items-api.ts';
import { ItemList } from '../library/ItemList.tsx';
import { quickActions } from './quick-actions.ts';

/** The dashboard: greeting, real figures from the user's audio, quick actions and recent activity. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation('common');
  const { user } = useAuth();
  const name = firstName(user?.name || user?.full_name);
  const now = new Date();
  // "This month" in the user's own time zone.
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).toISOString();
  const stats = useQuery({
    queryKey: ['audio', 'stats', monthStart],
    queryFn: () => api.get('/api/v1/audio/stats', { query: { month_start: monthStart } }),
  });
  const recent = useQuery({ queryKey: ['items', 'list', 'recent'], queryFn: () => listItems({ limit: 5 }) });
  // On a phone the floating button would sit over the page's own controls ("View all", the first
  // items) as it opens. It offers the same actions as the Quick actions card, so it shows only once
  // that card has been scrolled out of view.
  const narrow = useMediaQuery(`(max-width: ${LIMITS.smallScreenPx - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const actionsCard = useIntersection<HTMLDivElement>({ threshold: 0 });
  const actionsInView = actionsCard.entry?.isIntersecting ?? true;

  return (
    <PageFrame
      title={name ? t('welcome', { name }) : t('welcomeNoName')}
      documentTitle={tCommon('title.dashboard')}
      lead={t('lead')}
    >
      <StatCards stats={stats.data} loading={stats.isPending} error={stats.error} />
      <Card
        ref={actionsCard.ref}
        withBorder
        radius="lg"
        padding="lg"
        component="section"
        aria-labelledby="quick-actions"
      >
        <Title order={2} fz="h4" id="quick-actions" mb="md">
          {t('actions.title')}
        </Title>
        <Group gap="sm">
          {quickActions(t).map((action) => (
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
      {/* Nothing to ask until something has been recorded or imported. */}
      {recent.data && recent.data.total > 0 && <AskBox />}
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="recent-activity">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="h4" id="recent-activity">
            {t('recent.title')}
          </Title>
          {recent.data && recent.data.total > 0 && (
            <Anchor component={Link} to="/home/library" size="sm">
              {t('recent.viewAll', { total: recent.data.total })}
            </Anchor>
          )}
        </Group>
        {recent.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('recent.loading')}>
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : recent.error ? (
          <ErrorState message={loadErrorMessage(recent.error)} onRetry={() => void recent.refetch()} />
        ) : recent.data.items.length === 0 ? (
          <EmptyState size="sm" icon={<IconMicrophone size={24} />} variant="light">
            <EmptyState.Title order={3}>{t('recent.empty')}</EmptyState.Title>
            <EmptyState.Description>{t('recent.emptyText')}</EmptyState.Description>
          </EmptyState>
        ) : (
          <ItemList items={recent.data.items} />
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PerformanceCard stats={stats.data} loading={stats.isPending} />
        <MonthCard stats={stats.data} loading={stats.isPending} month={now} />
      </SimpleGrid>
      {/* Room to scroll the last card clear of the floating button (56 px, 24 px from the edge). */}
      <Box h="calc(5.5rem + env(safe-area-inset-bottom))" aria-hidden />
      <QuickActionButton shown={!(narrow && actionsInView)} />
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
  const { t } = useTranslation('home');
  if (error) return <ErrorState title={t('stats.unavailable')} message={loadErrorMessage(error)} />;
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
      label: t('stats.recordings'),
      value: formatNumber(stats?.total_recordings ?? 0),
      note: stats?.processing
        ? t('stats.beingTranscribed', { count: stats.processing })
        : t('stats.recordingsNote'),
      icon: IconMicrophone,
    },
    {
      label: t('stats.hours'),
      value: formatFixed(hours, hours < 10 ? 2 : 1),
      note: t('stats.ofAudio', { length: audioLength(stats?.total_duration_s ?? 0) }),
      icon: IconClock,
    },
    {
      label: t('stats.storage'),
      value: formatFileSize(stats?.storage_bytes ?? 0),
      note: quota ? t('stats.ofQuota', { quota: formatFileSize(quota) }) : t('stats.storageNote'),
      icon: IconDatabase,
      ...(quota && stats
        ? {
            usage: {
              share: Math.min(1, stats.storage_bytes / quota),
              text: t('stats.usage', {
                used: formatFileSize(stats.storage_bytes),
                quota: formatFileSize(quota),
              }),
            },
          }
        : {}),
    },
    {
      label: t('stats.accuracy'),
      value: stats?.accuracy_rate == null ? '—' : formatPercent(stats.accuracy_rate),
      note: stats
        ? t('stats.outcomes', { transcribed: stats.transcribed, failed: stats.failed })
        : t('stats.accuracyNote'),
      hint: t('stats.accuracyHint'),
      icon: IconRosetteDiscountCheck,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" component="section" aria-label={t('stats.label')}>
      {cards.map((c) => (
        <Card key={c.label} withBorder radius="lg" padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
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
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="xs"
                      aria-label={t('stats.hintLabel', { label: c.label, hint: c.hint })}
                    >
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
            {/* Two cards share a phone's width: the figures need the room more than the icons. */}
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden visibleFrom="sm">
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

/** A length of audio in words: "12 minutes, 5 seconds"; whole seconds (no tenths) for audio. */
function audioLength(seconds: number): string {
  return formatDuration(seconds < 60 ? Math.round(seconds) : seconds, 'long');
}

/** Engines by the name people know them by; product names stay as they are in every language. */
function engineLabel(t: TFunction<'home'>, provider: string): string {
  if (provider === 'whisper') return 'whisper.cpp';
  if (provider === 'pocketsphinx') return 'PocketSphinx';
  if (provider === 'openai') return t('performance.openai');
  return provider;
}

/** A titled card of label–value rows, with skeletons while loading and a note when empty. */
function FigureCard({
  id,
  title,
  loadingLabel,
  subtitle,
  rows,
  loading,
  empty,
}: {
  id: string;
  title: string;
  /** What a screen reader hears while the figures load. */
  loadingLabel: string;
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
        <Stack gap="xs" aria-busy="true" aria-label={loadingLabel}>
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
  const { t } = useTranslation('home');
  const p = stats?.performance;
  const rows: Array<[string, string]> = p
    ? [
        [
          t('performance.speed'),
          p.speed === null ? '—' : t('performance.speedValue', { speed: formatFixed(p.speed, 1) }),
        ],
        [
          t('performance.turnaround'),
          p.turnaround_s === null
            ? '—'
            : t('performance.turnaroundValue', { wait: formatDuration(p.turnaround_s) }),
        ],
        [
          t('performance.engines'),
          formatList(
            p.engines.map((e) =>
              t('performance.engineCount', {
                engine: engineLabel(t, e.provider),
                transcripts: e.transcripts,
              }),
            ),
            'unit',
          ),
        ],
        [t('performance.now'), formatNumber(stats?.processing ?? 0)],
      ]
    : [];
  return (
    <FigureCard
      id="processing-performance"
      title={t('performance.title')}
      loadingLabel={t('performance.loading')}
      rows={rows}
      loading={loading}
      empty={!p || p.engines.length === 0 ? t('performance.empty') : null}
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
  const { t } = useTranslation('home');
  const m = stats?.this_month;
  return (
    <FigureCard
      id="this-month"
      title={t('month.title')}
      loadingLabel={t('month.loading')}
      subtitle={formatMonth(month)}
      rows={
        m
          ? [
              [t('month.recordings'), formatNumber(m.recordings)],
              [t('month.audio'), audioLength(m.duration_s)],
              [t('month.transcribed'), formatNumber(m.transcribed)],
            ]
          : []
      }
      loading={loading}
      empty={m && m.recordings === 0 ? t('month.empty') : null}
    />
  );
}

/**
 * The floating button: the quick actions from anywhere on the dashboard, thumb-reachable on phones.
 * `shown` false takes it away (on a phone, while the Quick actions card is on screen).
 */
function QuickActionButton({ shown }: { shown: boolean }) {
  const { t } = useTranslation('home');
  return (
    <Affix
      position={{}}
      style={{
        insetBlockEnd: 'calc(1.5rem + env(safe-area-inset-bottom))',
        insetInlineEnd: 'calc(1.5rem + max(env(safe-area-inset-left), env(safe-area-inset-right)))',
      }}
    >
      <Transition mounted={shown} transition="slide-up" duration={150}>
        {(style) => (
          <Menu position="top-end" shadow="md" width={220}>
            <Menu.Target>
              <ActionIcon size={56} radius="xl" variant="filled" aria-label={t('actions.menu')} style={style}>
                <IconPlus size={26} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {quickActions(t).map((action) => (
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
        )}
      </Transition>
    </Affix>
  );
}
