import { Code, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { formatDuration } from '../../i18n/format.ts';
import { SPEECH_FIGURES } from '../landing/measured.ts';

export interface Question {
  id: string;
  q: string;
  a: ReactNode;
}

const answer = (text: string) => <Text size="sm">{text}</Text>;

/** The questions of the help page with their answers, in the interface language. */
export function faq(t: TFunction<'help'>): Question[] {
  return [
    { id: 'record', q: t('faq.record.q'), a: answer(t('faq.record.a')) },
    { id: 'upload', q: t('faq.upload.q'), a: answer(t('faq.upload.a')) },
    { id: 'offline', q: t('faq.offline.q'), a: answer(t('faq.offline.a')) },
    {
      id: 'speed',
      q: t('faq.speed.q'),
      a: answer(
        t('faq.speed.a', {
          audio: formatDuration(SPEECH_FIGURES.audioSeconds, 'long'),
          time: formatDuration(SPEECH_FIGURES.cpuSeconds, 'long'),
        }),
      ),
    },
    { id: 'edit', q: t('faq.edit.q'), a: answer(t('faq.edit.a')) },
    { id: 'speakers', q: t('faq.speakers.q'), a: answer(t('faq.speakers.a')) },
    { id: 'find', q: t('faq.find.q'), a: answer(t('faq.find.a')) },
    { id: 'ask', q: t('faq.ask.q'), a: answer(t('faq.ask.a')) },
    { id: 'languages', q: t('faq.languages.q'), a: answer(t('faq.languages.a')) },
    { id: 'writing', q: t('faq.writing.q'), a: answer(t('faq.writing.a')) },
    { id: 'translation', q: t('faq.translation.q'), a: answer(t('faq.translation.a')) },
    { id: 'infographics', q: t('faq.infographics.q'), a: answer(t('faq.infographics.a')) },
    { id: 'publishing', q: t('faq.publishing.q'), a: answer(t('faq.publishing.a')) },
    { id: 'webhooks', q: t('faq.webhooks.q'), a: answer(t('faq.webhooks.a')) },
    { id: 'privacy', q: t('faq.privacy.q'), a: answer(t('faq.privacy.a')) },
    { id: 'browsers', q: t('faq.browsers.q'), a: answer(t('faq.browsers.a')) },
    { id: 'google', q: t('faq.google.q'), a: answer(t('faq.google.a')) },
    { id: 'password-rules', q: t('faq.passwordRules.q'), a: answer(t('faq.passwordRules.a')) },
    { id: 'signups', q: t('faq.signups.q'), a: answer(t('faq.signups.a')) },
    { id: 'password', q: t('faq.password.q'), a: answer(t('faq.password.a')) },
    { id: 'account', q: t('faq.account.q'), a: answer(t('faq.account.a')) },
    { id: 'session', q: t('faq.session.q'), a: answer(t('faq.session.a')) },
  ];
}

/** Questions about running the server; the answers name commands and settings. */
export function adminFaq(t: TFunction<'help'>): Question[] {
  const code = { code: <Code /> };
  const wrap = (node: ReactNode) => <Text size="sm">{node}</Text>;
  return [
    {
      id: 'admin-settings',
      q: t('admin.settings.q'),
      a: wrap(<Trans t={t} i18nKey="admin.settings.a" components={code} />),
    },
    {
      id: 'speech-engines',
      q: t('admin.engines.q'),
      a: wrap(<Trans t={t} i18nKey="admin.engines.a" components={code} />),
    },
    {
      id: 'language-models',
      q: t('admin.llm.q'),
      a: wrap(<Trans t={t} i18nKey="admin.llm.a" components={code} />),
    },
    {
      id: 'meaning-search',
      q: t('admin.meaning.q'),
      a: wrap(<Trans t={t} i18nKey="admin.meaning.a" components={code} />),
    },
    {
      id: 'translation-engines',
      q: t('admin.translation.q'),
      a: wrap(<Trans t={t} i18nKey="admin.translation.a" components={code} />),
    },
    {
      id: 'https',
      q: t('admin.https.q'),
      a: wrap(<Trans t={t} i18nKey="admin.https.a" components={code} />),
    },
    {
      id: 'email',
      q: t('admin.email.q'),
      a: wrap(<Trans t={t} i18nKey="admin.email.a" components={code} />),
    },
    {
      id: 'scale-out',
      q: t('admin.scale.q'),
      a: wrap(<Trans t={t} i18nKey="admin.scale.a" components={code} />),
    },
  ];
}
