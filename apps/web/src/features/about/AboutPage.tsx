import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';

/** What the project is and how it is put together. */
export function AboutPage() {
  return (
    <PageFrame
      title="About Voxpress"
      lead="A self-hostable web app that turns a voice recording into finished writing and pictures."
    >
      <Stack gap="lg" maw={760}>
        <Stack gap="xs" component="section" aria-labelledby="about-why">
          <Title order={2} fz="h3" id="about-why">
            Why it exists
          </Title>
          <Text>
            Speaking is the fastest way to get an idea out of your head, but a recording is hard to reuse.
            Most transcription services send your audio to someone else's servers and charge by the minute.
            Voxpress does the same job on a machine you control.
          </Text>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="about-how">
          <Title order={2} fz="h3" id="about-how">
            How it is built
          </Title>
          <List spacing="xs">
            <List.Item>One process serves the web app, the API and the background jobs.</List.Item>
            <List.Item>
              PostgreSQL embedded in the process by default, or your own PostgreSQL server for larger setups.
            </List.Item>
            <List.Item>
              Jobs are stored in the database, so work survives a restart and retries on errors.
            </List.Item>
            <List.Item>
              Speech, writing and storage engines are replaceable parts chosen in configuration.
            </List.Item>
          </List>
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="about-next">
          <Title order={2} fz="h3" id="about-next">
            What comes next
          </Title>
          <Text>
            Recording and upload with local transcription come first, then written content and translations,
            then infographics. The{' '}
            <Anchor component={Link} to="/features">
              features page
            </Anchor>{' '}
            shows where each part stands.
          </Text>
        </Stack>
        <Stack gap="xs" component="section" id="contribute" aria-labelledby="about-contribute">
          <Title order={2} fz="h3" id="about-contribute">
            Contribute
          </Title>
          <Text>
            Voxpress is free software under the AGPL-3.0. Report problems and send changes through the
            repository you installed it from; the README explains how to run the test suite before you do.
          </Text>
        </Stack>
      </Stack>
    </PageFrame>
  );
}
