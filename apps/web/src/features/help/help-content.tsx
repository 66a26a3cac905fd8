import { Code, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';

/** The questions of the help page with their answers, in the interface language. */
export function faq(t: TFunction<'help'>): ReadonlyArray<{ q: string; a: ReactNode }> {
  const answer = (text: string) => <Text size="sm">{text}</Text>;
  return [
    { q: t('faq.record.q'), a: answer(t('faq.record.a')) },
    { q: t('faq.upload.q'), a: answer(t('faq.upload.a')) },
    {
      q: t('faq.engines.q'),
      a: (
        <Text size="sm">
          <Trans t={t} i18nKey="faq.engines.a" components={{ code: <Code /> }} />
        </Text>
      ),
    },
    { q: t('faq.edit.q'), a: answer(t('faq.edit.a')) },
    { q: t('faq.find.q'), a: answer(t('faq.find.a')) },
    { q: t('faq.privacy.q'), a: answer(t('faq.privacy.a')) },
    { q: t('faq.google.q'), a: answer(t('faq.google.a')) },
    { q: t('faq.passwordRules.q'), a: answer(t('faq.passwordRules.a')) },
    { q: t('faq.signups.q'), a: answer(t('faq.signups.a')) },
    { q: t('faq.password.q'), a: answer(t('faq.password.a')) },
    { q: t('faq.session.q'), a: answer(t('faq.session.a')) },
  ];
}
