import {
  Anchor,
  Avatar,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { formatLocale } from '../../i18n/format.ts';
import { initials } from '../../lib/names.ts';
import { useAuth } from '../auth/auth-context.tsx';

/** Appearance and account details. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const joined = user ? new Date(user.created_at) : null;

  return (
    <PageFrame title={t('title')} lead={t('lead')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="settings-theme">
          <Title order={2} fz="h4" id="settings-theme" mb="xs">
            {t('appearance')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('savedHere')}
          </Text>
          <SegmentedControl
            aria-label={t('theme')}
            value={colorScheme === 'dark' ? 'dark' : 'light'}
            onChange={(value) => setColorScheme(value === 'dark' ? 'dark' : 'light')}
            data={[
              { label: t('light'), value: 'light' },
              { label: t('dark'), value: 'dark' },
            ]}
          />
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="settings-account">
          <Title order={2} fz="h4" id="settings-account" mb="md">
            {t('account')}
          </Title>
          {user ? (
            <Group wrap="nowrap" align="flex-start">
              <Avatar src={user.profile_image} alt="" radius="xl" size={56} color="violet">
                {initials(user.full_name || user.email)}
              </Avatar>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} style={{ wordBreak: 'break-word' }}>
                  {user.full_name || user.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {user.email}
                </Text>
                {joined && !Number.isNaN(joined.getTime()) && (
                  <Text size="sm" c="dimmed">
                    {t('memberSince', {
                      date: joined.toLocaleDateString(formatLocale(), { dateStyle: 'long' }),
                    })}
                  </Text>
                )}
              </Stack>
            </Group>
          ) : (
            <Text c="dimmed">{t('unavailable')}</Text>
          )}
        </Card>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        <Trans
          t={t}
          i18nKey="engines"
          components={{ helpLink: <Anchor component={Link} to="/help#engines" /> }}
        />
      </Text>
    </PageFrame>
  );
}
