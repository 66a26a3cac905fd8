import {
  type Icon,
  IconApi,
  IconBooks,
  IconBriefcase,
  IconBulb,
  IconCloudUpload,
  IconDeviceMobileDown,
  IconFileText,
  IconHeartHandshake,
  IconLanguage,
  IconLock,
  IconMicrophone,
  IconNews,
  IconPhoto,
  IconSchool,
  IconSearch,
  IconSend,
  IconServer,
  IconSettings,
  IconShare,
  IconSparkles,
  IconSpeakerphone,
  IconStack2,
  IconStethoscope,
  IconUserCircle,
  IconWaveSine,
  IconWorld,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { formatDuration, formatNumber } from '../../i18n/format.ts';
import { RENDER_FIGURES, SPEECH_FIGURES } from './measured.ts';

/** Where a capability stands in this release, so the page never claims more than exists. */
export type Availability = 'available' | 'in-progress' | 'planned';

export const AVAILABILITY_COLOR: Record<Availability, string> = {
  available: 'teal',
  'in-progress': 'blue',
  planned: 'gray',
};

export interface Card {
  icon: Icon;
  title: string;
  text: string;
  availability?: Availability;
}

export function steps(t: TFunction<'landing'>): Card[] {
  return [
    { icon: IconMicrophone, title: t('steps.record.title'), text: t('steps.record.text') },
    { icon: IconWaveSine, title: t('steps.transcribe.title'), text: t('steps.transcribe.text') },
    { icon: IconSparkles, title: t('steps.enhance.title'), text: t('steps.enhance.text') },
    { icon: IconShare, title: t('steps.share.title'), text: t('steps.share.text') },
  ];
}

export interface FeatureCard extends Card {
  availability: Availability;
  /** One of the eight shown on the start page; the features page shows them all. */
  onLanding: boolean;
}

/**
 * Every capability and where it stands in this release. Check these against the code whenever a
 * part lands: the pages must never claim more than works.
 */
export function features(t: TFunction<'landing'>): FeatureCard[] {
  const card = (
    icon: Icon,
    title: string,
    text: string,
    availability: Availability,
    onLanding: boolean,
  ): FeatureCard => ({ icon, title, text, availability, onLanding });
  return [
    card(IconMicrophone, t('features.recording.title'), t('features.recording.text'), 'available', true),
    card(IconCloudUpload, t('features.upload.title'), t('features.upload.text'), 'available', true),
    card(
      IconWaveSine,
      t('features.transcription.title'),
      t('features.transcription.text'),
      'available',
      true,
    ),
    card(IconFileText, t('features.transcript.title'), t('features.transcript.text'), 'available', true),
    card(IconLanguage, t('features.writing.title'), t('features.writing.text'), 'available', true),
    card(IconSend, t('features.publishing.title'), t('features.publishing.text'), 'available', true),
    card(IconPhoto, t('features.infographics.title'), t('features.infographics.text'), 'available', true),
    card(IconDeviceMobileDown, t('features.offline.title'), t('features.offline.text'), 'available', true),
    card(IconSearch, t('features.library.title'), t('features.library.text'), 'available', false),
    card(IconWorld, t('features.languages.title'), t('features.languages.text'), 'available', false),
    card(IconServer, t('features.machine.title'), t('features.machine.text'), 'available', false),
    card(IconLock, t('features.private.title'), t('features.private.text'), 'available', false),
    card(IconUserCircle, t('features.accounts.title'), t('features.accounts.text'), 'available', false),
    card(IconSettings, t('features.admin.title'), t('features.admin.text'), 'available', false),
    card(IconApi, t('features.api.title'), t('features.api.text'), 'available', false),
    card(IconStack2, t('features.scale.title'), t('features.scale.text'), 'available', false),
  ];
}

export function audiences(t: TFunction<'landing'>): Card[] {
  return [
    { icon: IconSpeakerphone, title: t('audiences.creators.title'), text: t('audiences.creators.text') },
    { icon: IconBriefcase, title: t('audiences.business.title'), text: t('audiences.business.text') },
    { icon: IconSchool, title: t('audiences.education.title'), text: t('audiences.education.text') },
    { icon: IconNews, title: t('audiences.journalists.title'), text: t('audiences.journalists.text') },
    { icon: IconBulb, title: t('audiences.marketers.title'), text: t('audiences.marketers.text') },
    { icon: IconStethoscope, title: t('audiences.coaches.title'), text: t('audiences.coaches.text') },
  ];
}

const milliseconds = (ms: number) =>
  formatNumber(ms, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 });

export function whyLines(t: TFunction<'landing'>): string[] {
  return [
    t('why.open'),
    t('why.offline'),
    t('why.speed', {
      audio: formatDuration(SPEECH_FIGURES.audioSeconds, 'long'),
      time: formatDuration(SPEECH_FIGURES.cpuSeconds, 'long'),
      speed: formatNumber(SPEECH_FIGURES.audioSeconds / SPEECH_FIGURES.cpuSeconds, {
        maximumFractionDigits: 1,
      }),
    }),
    t('why.images', {
      five: milliseconds(RENDER_FIGURES.cpuMsPer1080 * RENDER_FIGURES.variations),
      first: milliseconds(RENDER_FIGURES.firstImageCpuMs),
    }),
    t('why.noLimits'),
    t('why.engines'),
    t('why.api'),
    t('why.access'),
  ];
}

export function quickStart(t: TFunction<'landing'>): Card[] {
  return [
    { icon: IconServer, title: t('quickStart.server.title'), text: t('quickStart.server.text') },
    { icon: IconUserCircle, title: t('quickStart.account.title'), text: t('quickStart.account.text') },
    { icon: IconMicrophone, title: t('quickStart.first.title'), text: t('quickStart.first.text') },
  ];
}

export interface CommunityLink extends Card {
  href: string;
  cta: string;
  external?: boolean;
}

export function community(t: TFunction<'landing'>): CommunityLink[] {
  return [
    {
      icon: IconBooks,
      title: t('community.help.title'),
      text: t('community.help.text'),
      href: '/help',
      cta: t('community.help.cta'),
    },
    {
      icon: IconApi,
      title: t('community.api.title'),
      text: t('community.api.text'),
      href: '/api/docs',
      cta: t('community.api.cta'),
      external: true,
    },
    {
      icon: IconFileText,
      title: t('community.about.title'),
      text: t('community.about.text'),
      href: '/about',
      cta: t('community.about.cta'),
    },
    {
      icon: IconHeartHandshake,
      title: t('community.contribute.title'),
      text: t('community.contribute.text'),
      href: '/about#contribute',
      cta: t('community.contribute.cta'),
    },
  ];
}
