import { NavLink, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { visibleNavItems } from './nav-items.ts';

/** The side menu. Choosing an item navigates, then minimizes the control panel. */
export function SideMenu({ compact, onChoose }: { compact: boolean; onChoose(): void }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = visibleNavItems(t, status === 'signed-in');

  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => {
        const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
        const Icon = item.icon;
        const link = (
          <NavLink
            href={item.to}
            label={compact ? undefined : item.label}
            aria-label={compact ? item.label : undefined}
            aria-current={active ? 'page' : undefined}
            active={active}
            leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              void navigate(item.to);
              onChoose();
            }}
          />
        );
        return (
          <li key={item.to}>
            {compact ? (
              <Tooltip label={item.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </Stack>
  );
}
