import { Accordion, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame.tsx';
import { MINIMUM_VERSIONS } from '../../lib/browser-compat.ts';
import { EnginesStatus } from './EnginesStatus.tsx';
import { adminFaq, faq, type Question } from './help-content.tsx';

function Questions({ items }: { items: Question[] }) {
  return (
    <Accordion variant="separated" radius="md" multiple>
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} id={`help-${item.id}`}>
          <Accordion.Control>{item.q}</Accordion.Control>
          <Accordion.Panel>{item.a}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** How to use Voxpress, its limits, how to run it, and what this server can do right now. */
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
          <List.Item>{t('limits.documents')}</List.Item>
          <List.Item>{t('limits.checked')}</List.Item>
          <List.Item>{t('limits.storage')}</List.Item>
          <List.Item>{t('limits.content')}</List.Item>
          <List.Item>
            {t('limits.browsers', {
              chrome: MINIMUM_VERSIONS.Chrome,
              firefox: MINIMUM_VERSIONS.Firefox,
              safari: MINIMUM_VERSIONS.Safari,
            })}
          </List.Item>
        </List>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="help-faq">
        <Title order={2} fz="h3" id="help-faq">
          {t('questions')}
        </Title>
        <Questions items={faq(t)} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="help-admin">
        <div>
          <Title order={2} fz="h3" id="help-admin">
            {t('adminQuestions')}
          </Title>
          <Text c="dimmed">{t('adminLead')}</Text>
        </div>
        <Questions items={adminFaq(t)} />
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
