import {
  type Icon,
  IconHelpCircle,
  IconInfoCircle,
  IconMicrophone,
  IconPhoto,
  IconSettings,
  IconSparkles,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  signedInOnly: boolean;
}

/** Side menu targets (spec: Audio Workflow, Gallery, Settings need sign-in; the rest are public). */
export function navItems(t: TFunction<'common'>): NavItem[] {
  return [
    { label: t('nav.audioWorkflow'), to: '/home', icon: IconMicrophone, signedInOnly: true },
    { label: t('nav.gallery'), to: '/gallery', icon: IconPhoto, signedInOnly: true },
    { label: t('nav.settings'), to: '/settings', icon: IconSettings, signedInOnly: true },
    { label: t('nav.features'), to: '/features', icon: IconSparkles, signedInOnly: false },
    { label: t('nav.about'), to: '/about', icon: IconInfoCircle, signedInOnly: false },
    { label: t('nav.help'), to: '/help', icon: IconHelpCircle, signedInOnly: false },
  ];
}

export function visibleNavItems(t: TFunction<'common'>, signedIn: boolean): NavItem[] {
  return navItems(t).filter((item) => signedIn || !item.signedInOnly);
}
