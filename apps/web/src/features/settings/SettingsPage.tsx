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
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { initials } from '../../lib/names.ts';
import { useAuth } from '../auth/auth-context.tsx';

/** Appearance and account details. */
export function SettingsPage() {
  const { user } = useAuth();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const joined = user ? new Date(user.created_at) : null;

  return (
    <PageFrame title="Settings" lead="Your account and how Voxpress looks on this device.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="settings-theme">
          <Title order={2} fz="h4" id="settings-theme" mb="xs">
            Appearance
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Saved in this browser.
          </Text>
          <SegmentedControl
            aria-label="Theme"
            value={colorScheme === 'dark' ? 'dark' : 'light'}
            onChange={(value) => setColorScheme(value === 'dark' ? 'dark' : 'light')}
            data={[
              { label: 'Light', value: 'light' },
              { label: 'Dark', value: 'dark' },
            ]}
          />
        </Card>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="settings-account">
          <Title order={2} fz="h4" id="settings-account" mb="md">
            Account
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
                    Member since {joined.toLocaleDateString(undefined, { dateStyle: 'long' })}
                  </Text>
                )}
              </Stack>
            </Group>
          ) : (
            <Text c="dimmed">Account details are not available right now.</Text>
          )}
        </Card>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Engines used for transcription and writing are chosen by the server administrator; see{' '}
        <Anchor component={Link} to="/help#engines">
          Help
        </Anchor>{' '}
        for what this server has.
      </Text>
    </PageFrame>
  );
}
