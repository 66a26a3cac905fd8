import {
  type Icon,
  IconHelpCircle,
  IconInfoCircle,
  IconMicrophone,
  IconPhoto,
  IconSettings,
  IconSparkles,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  signedInOnly: boolean;
}

/** Side menu targets (spec: Audio Workflow, Gallery, Settings need sign-in; the rest are public). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Audio Workflow', to: '/home', icon: IconMicrophone, signedInOnly: true },
  { label: 'Gallery', to: '/gallery', icon: IconPhoto, signedInOnly: true },
  { label: 'Settings', to: '/settings', icon: IconSettings, signedInOnly: true },
  { label: 'Features', to: '/features', icon: IconSparkles, signedInOnly: false },
  { label: 'About', to: '/about', icon: IconInfoCircle, signedInOnly: false },
  { label: 'Help', to: '/help', icon: IconHelpCircle, signedInOnly: false },
];

export function visibleNavItems(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.signedInOnly);
}
