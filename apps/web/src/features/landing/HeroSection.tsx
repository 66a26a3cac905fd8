import { Badge, Box, Button, Container, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';

const FACTS = ['MP3, WAV, M4A and OGG', 'Files up to 100 MB', 'Runs on your own server', 'No card needed'];

/** The hero: what Voxpress does, the sign-up call and the how-it-works button. */
export function HeroSection() {
  const { status, openModal } = useAuth();
  const navigate = useNavigate();
  const [demoOpen, setDemoOpen] = useState(false);
  const signedIn = status === 'signed-in';

  return (
    <Box component="section" className="vp-hero" py={{ base: 48, sm: 88 }} aria-labelledby="hero-title">
      <Container size="lg">
        <Stack gap="lg" maw={760}>
          <Badge variant="light" size="lg" w="fit-content">
            Self-hosted · private by default
          </Badge>
          <Title order={1} id="hero-title">
            Speak your ideas. Get them back as finished writing.
          </Title>
          <Text size="xl" c="dimmed" maw={640}>
            Voxpress turns a voice recording into a clean transcript and, step by step, into posts, articles
            and images — using speech engines that run on your own machine.
          </Text>
          <Group gap="sm">
            {signedIn ? (
              <Button size="lg" rightSection={<IconArrowRight size={18} />} onClick={() => navigate('/home')}>
                Go to your dashboard
              </Button>
            ) : (
              <Button
                size="lg"
                rightSection={<IconArrowRight size={18} />}
                onClick={() => openModal('signup')}
              >
                Sign up free
              </Button>
            )}
            <Button
              size="lg"
              variant="default"
              leftSection={<IconPlayerPlay size={18} />}
              onClick={() => setDemoOpen(true)}
            >
              Watch how it works
            </Button>
          </Group>
          <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {FACTS.map((fact) => (
              <Group key={fact} gap={6} component="li" wrap="nowrap">
                <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
                  <IconCheck size={14} />
                </ThemeIcon>
                <Text size="sm">{fact}</Text>
              </Group>
            ))}
          </Group>
        </Stack>
      </Container>
      <Modal opened={demoOpen} onClose={() => setDemoOpen(false)} title="How Voxpress works" centered>
        <Stack align="center" gap="md" py="md">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconVideo size={34} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            Demo video coming soon
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            Until it is ready, the four steps below show the whole path from recording to published text.
          </Text>
          <Button
            variant="light"
            onClick={() => {
              setDemoOpen(false);
              document.getElementById('how-it-works')?.scrollIntoView();
            }}
          >
            Show me the steps
          </Button>
        </Stack>
      </Modal>
    </Box>
  );
}
