import { Accordion, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EnginesStatus } from './EnginesStatus.tsx';
import { faq } from './help-content.tsx';

/** How to use Voxpress, its limits, and what this server can do right now. */
export function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <PageFrame title={t('title')} lead={t('lead')}>
      <Stack gap="xs" component="section" aria-labelledby="help-limits" maw={760}>
        <Title order={2} fz="h3" id="help-limits">
          {t('limits.title')}
        </Title>
        <List spacing="xs">
          <List.Item>{t('limits.files')}</List.Item>
          <List.Item>{t('limits.recordings')}</List.Item>
          <List.Item>{t('limits.checked')}</List.Item>
        </List>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="help-faq">
        <Title order={2} fz="h3" id="help-faq">
          {t('questions')}
        </Title>
        <Accordion variant="separated" radius="md">
          {faq(t).map((item) => (
            <Accordion.Item key={item.q} value={item.q}>
              <Accordion.Control>{item.q}</Accordion.Control>
              <Accordion.Panel>{item.a}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
      <Stack gap="sm" component="section" id="engines" aria-labelledby="help-engines">
        <Title order={2} fz="h3" id="help-engines">
          {t('engines.title')}
        </Title>
        <Text c="dimmed" maw={760}>
          <Trans t={t} i18nKey="engines.lead" components={{ apiLink: <Anchor href="/api/docs" /> }} />
        </Text>
        <EnginesStatus />
      </Stack>
    </PageFrame>
  );
}
