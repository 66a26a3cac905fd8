import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';

/** What the project is and how it is put together. */
export function AboutPage() {
  const { t } = useTranslation('about');
  const { t: tCommon } = useTranslation('common');
  return (
    <PageFrame title={t('title')} documentTitle={tCommon('nav.about')} lead={t('lead')}>
      <Stack gap="lg" maw={760}>
        <Stack gap="xs" component="section" aria-labelledby="about-why">
          <Title order={2} fz="h3" id="about-why">
            {t('why.title')}
          </Title>
          <Text>{t('why.text')}</Text>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="about-how">
          <Title order={2} fz="h3" id="about-how">
            {t('how.title')}
          </Title>
          <List spacing="xs">
            <List.Item>{t('how.process')}</List.Item>
            <List.Item>{t('how.database')}</List.Item>
            <List.Item>{t('how.jobs')}</List.Item>
            <List.Item>{t('how.engines')}</List.Item>
            <List.Item>{t('how.app')}</List.Item>
          </List>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="about-next">
          <Title order={2} fz="h3" id="about-next">
            {t('next.title')}
          </Title>
          <Text>
            <Trans
              t={t}
              i18nKey="next.text"
              components={{ featuresLink: <Anchor component={Link} to="/features" /> }}
            />
          </Text>
        </Stack>
        <Stack gap="xs" component="section" id="contribute" aria-labelledby="about-contribute">
          <Title order={2} fz="h3" id="about-contribute">
            {t('contribute.title')}
          </Title>
          <Text>{t('contribute.text')}</Text>
        </Stack>
      </Stack>
    </PageFrame>
  );
}
