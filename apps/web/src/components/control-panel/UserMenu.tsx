import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogin, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { displayName, initials } from '../../lib/names.ts';

/** Who is signed in, with Sign Out; or the way in when nobody is. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { user, status, openModal, signOut } = useAuth();
  const signedIn = status === 'signed-in' && user !== null;
  const name = displayName(user?.name || user?.full_name);

  return (
    <Menu position={compact ? 'right-start' : 'bottom-start'} width={240} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton
          // Named by its content, so what a screen reader says starts with what is on screen.
          aria-label={
            compact
              ? t('user.accountMenuFor', {
                  name: signedIn ? user.full_name || user.email : t('user.fallbackName'),
                })
              : undefined
          }
          p={4}
          style={{ borderRadius: 'var(--mantine-radius-md)', width: compact ? 'auto' : '100%' }}
          className="vp-focusable"
        >
          <Group gap="sm" wrap="nowrap">
            {/* Initials are decoration here: the name beside them is what the button is called. */}
            <Avatar src={user?.profile_image ?? null} alt="" radius="xl" color="violet" size={36} aria-hidden>
              {signedIn ? initials(user.full_name || user.email) : null}
            </Avatar>
            {!compact && (
              <>
                <Text size="sm" fw={600} style={{ flex: 1, whiteSpace: 'nowrap' }}>
                  <VisuallyHidden>{t('user.accountMenu')} </VisuallyHidden>
                  {signedIn ? name : t('user.fallbackName')}
                </Text>
                <IconChevronDown size={16} aria-hidden />
              </>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {signedIn ? (
          <>
            <Menu.Label>{t('user.signedInAs')}</Menu.Label>
            <div style={{ padding: '0 12px 8px' }}>
              <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                {user.full_name || name}
              </Text>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {user.email}
              </Text>
            </div>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
              {t('user.signOut')}
            </Menu.Item>
          </>
        ) : (
          <Menu.Item leftSection={<IconLogin size={16} />} onClick={() => openModal('signin')}>
            {t('user.signInOrUp')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
