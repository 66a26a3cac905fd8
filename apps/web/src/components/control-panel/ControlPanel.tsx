import { ActionIcon, Divider, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePanel } from '../../app/panel-context.tsx';
import { DefaultLanguagePicker } from '../../features/audio/DefaultLanguagePicker.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { InterfaceLanguagePicker } from './InterfaceLanguagePicker.tsx';
import { SideMenu } from './SideMenu.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The control panel: user menu, side menu, interface language, theme toggle and the
 * minimize/maximize toggle. `compact` is the minimized wide layout (an icon rail). The default
 * transcription language shows only when signed in and the panel is open.
 */
export function ControlPanel({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const panel = usePanel();
  const { status } = useAuth();
  const toggleLabel = panel.expanded ? t('layout.minimizePanel') : t('layout.expandPanel');

  return (
    <Stack h="100%" gap="sm" p={compact ? 'xs' : 'md'} align={compact ? 'center' : 'stretch'}>
      <UserMenu compact={compact} />
      {!compact && status === 'signed-in' && <DefaultLanguagePicker />}
      <Divider />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars={false}>
        <nav aria-label={t('layout.mainMenu')}>
          {!compact && !panel.narrow && (
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6} px={6}>
              {t('layout.menu')}
            </Text>
          )}
          <SideMenu compact={compact} onChoose={panel.minimize} />
        </nav>
      </ScrollArea>
      <Divider />
      {!compact && <InterfaceLanguagePicker compact={false} />}
      <Group justify={compact ? 'center' : 'space-between'} gap="xs" wrap={compact ? 'wrap' : 'nowrap'}>
        {compact && <InterfaceLanguagePicker compact />}
        <ThemeToggle />
        {!panel.narrow && (
          <Tooltip label={toggleLabel} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={toggleLabel}
              aria-expanded={panel.expanded}
              onClick={panel.toggle}
            >
              {panel.expanded ? (
                <IconLayoutSidebarLeftCollapse size={20} />
              ) : (
                <IconLayoutSidebarLeftExpand size={20} />
              )}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
}
