import { ActionIcon, Box, Burger, Button, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconHome, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePanel } from '../app/panel-context.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { BrandMark } from './BrandMark.tsx';

/** Brand mark, name and tagline, the Home button, and the panel toggle. */
export function AppHeader() {
  const { t } = useTranslation();
  const panel = usePanel();
  const { status, openModal } = useAuth();
  const navigate = useNavigate();
  const home = status === 'signed-in' ? '/home' : '/';
  const toggleLabel = panel.expanded ? t('layout.closePanel') : t('layout.openPanel');

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={panel.expanded}
          onClick={panel.toggle}
          size="sm"
          hiddenFrom="sm"
          aria-label={toggleLabel}
          aria-expanded={panel.expanded}
        />
        <UnstyledButton
          component="a"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            void navigate('/');
          }}
          className="vp-focusable"
          style={{ borderRadius: 'var(--mantine-radius-sm)', minWidth: 0 }}
        >
          <Group gap={10} wrap="nowrap">
            <BrandMark size={34} />
            <Box style={{ minWidth: 0, lineHeight: 1.15 }}>
              <Text fw={800} fz="lg" lh={1.1} data-testid="brand-name">
                {t('brand.name')}
              </Text>
              {/* Wraps rather than being cut off where a language's tagline is longer than a phone allows. */}
              <Text fz="xs" c="dimmed" lh={1.2} data-testid="tagline" style={{ textWrap: 'balance' }}>
                {t('brand.tagline')}
              </Text>
            </Box>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {status === 'signed-out' && (
          <>
            {/* On a phone the brand and tagline leave room for the icon alone. */}
            <Tooltip label={t('user.signIn')} withArrow>
              <ActionIcon
                hiddenFrom="xs"
                variant="filled"
                size="lg"
                aria-label={t('user.signIn')}
                onClick={() => openModal('signin')}
              >
                <IconLogin size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Button
              visibleFrom="xs"
              variant="filled"
              leftSection={<IconLogin size={18} aria-hidden />}
              onClick={() => openModal('signin')}
              size="sm"
            >
              {t('user.signIn')}
            </Button>
          </>
        )}
        {/* On a phone Home is an icon too: the tagline needs the room. */}
        <Tooltip label={t('layout.home')} withArrow>
          <ActionIcon
            hiddenFrom="xs"
            variant="light"
            size="lg"
            aria-label={t('layout.home')}
            onClick={() => void navigate(home)}
          >
            <IconHome size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button
          visibleFrom="xs"
          variant="light"
          leftSection={<IconHome size={18} aria-hidden />}
          onClick={() => void navigate(home)}
          size="sm"
        >
          {t('layout.home')}
        </Button>
      </Group>
    </Group>
  );
}
