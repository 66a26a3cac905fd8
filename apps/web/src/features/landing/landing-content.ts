import {
  type Icon,
  IconApi,
  IconBooks,
  IconBriefcase,
  IconBulb,
  IconCloudUpload,
  IconFileText,
  IconHeartHandshake,
  IconLanguage,
  IconLock,
  IconMicrophone,
  IconNews,
  IconPhoto,
  IconSchool,
  IconServer,
  IconShare,
  IconSparkles,
  IconSpeakerphone,
  IconStethoscope,
  IconUserCircle,
  IconWaveSine,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';

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

export function features(t: TFunction<'landing'>): Card[] {
  return [
    {
      icon: IconServer,
      title: t('features.machine.title'),
      text: t('features.machine.text'),
      availability: 'available',
    },
    {
      icon: IconLock,
      title: t('features.private.title'),
      text: t('features.private.text'),
      availability: 'available',
    },
    {
      icon: IconUserCircle,
      title: t('features.accounts.title'),
      text: t('features.accounts.text'),
      availability: 'available',
    },
    {
      icon: IconMicrophone,
      title: t('features.recording.title'),
      text: t('features.recording.text'),
      availability: 'in-progress',
    },
    {
      icon: IconCloudUpload,
      title: t('features.upload.title'),
      text: t('features.upload.text'),
      availability: 'in-progress',
    },
    {
      icon: IconWaveSine,
      title: t('features.transcription.title'),
      text: t('features.transcription.text'),
      availability: 'in-progress',
    },
    {
      icon: IconLanguage,
      title: t('features.writing.title'),
      text: t('features.writing.text'),
      availability: 'planned',
    },
    {
      icon: IconPhoto,
      title: t('features.infographics.title'),
      text: t('features.infographics.text'),
      availability: 'planned',
    },
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

export function whyLines(t: TFunction<'landing'>): string[] {
  return [
    t('why.open'),
    t('why.offline'),
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
