import { IconFileUpload, IconPlayerRecord, IconSettings, IconTemplate } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';

/** One of the dashboard's quick actions: a button on the page and an item of the floating menu. */
export interface QuickAction {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  primary: boolean;
}

/**
 * The spec's quick actions: start a recording, import a file, templates, settings. Templates opens
 * the gallery's template collections, the saved variations grouped by content type.
 */
export function quickActions(t: TFunction<'home'>): QuickAction[] {
  return [
    { label: t('actions.record'), to: '/home/audio?mode=record', icon: IconPlayerRecord, primary: true },
    { label: t('actions.import'), to: '/home/audio?mode=upload', icon: IconFileUpload, primary: false },
    { label: t('actions.templates'), to: '/gallery?tab=collections', icon: IconTemplate, primary: false },
    { label: t('actions.settings'), to: '/settings', icon: IconSettings, primary: false },
  ];
}
