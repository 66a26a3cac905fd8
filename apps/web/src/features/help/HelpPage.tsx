import { Accordion, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { PageFrame } from '../../components/PageFrame.tsx';
import { EnginesStatus } from './EnginesStatus.tsx';
import { FAQ } from './help-content.tsx';

/** How to use Voxpress, its limits, and what this server can do right now. */
export function HelpPage() {
  return (
    <PageFrame title="Help" lead="How to get audio into Voxpress, the limits, and what your server can do.">
      <Stack gap="xs" component="section" aria-labelledby="help-limits" maw={760}>
        <Title order={2} fz="h3" id="help-limits">
          Formats and limits
        </Title>
        <List spacing="xs">
          <List.Item>Audio files: MP3, WAV, M4A or OGG, one file at a time, at most 100 MB.</List.Item>
          <List.Item>Recordings in the browser: up to 5 minutes or 50 MB, whichever comes first.</List.Item>
          <List.Item>
            Files are checked by their content, so a renamed file of another type is refused with a clear
            message.
          </List.Item>
        </List>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="help-faq">
        <Title order={2} fz="h3" id="help-faq">
          Questions
        </Title>
        <Accordion variant="separated" radius="md">
          {FAQ.map((item) => (
            <Accordion.Item key={item.q} value={item.q}>
              <Accordion.Control>{item.q}</Accordion.Control>
              <Accordion.Panel>{item.a}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
      <Stack gap="sm" component="section" id="engines" aria-labelledby="help-engines">
        <Title order={2} fz="h3" id="help-engines">
          Engines on this server
        </Title>
        <Text c="dimmed" maw={760}>
          Read live from this server. Speech, writing and image engines appear here as they are added; the API
          reference at <Anchor href="/api/docs">/api/docs</Anchor> lists every endpoint.
        </Text>
        <EnginesStatus />
      </Stack>
    </PageFrame>
  );
}
