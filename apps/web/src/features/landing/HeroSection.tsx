import { Badge, Box, Button, Container, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';

/** The hero: what Voxpress does, the sign-up call and the how-it-works button. */
export function HeroSection() {
  const { t } = useTranslation('landing');
  const facts = [
    t('hero.facts.formats'),
    t('hero.facts.size'),
    t('hero.facts.server'),
    t('hero.facts.offline'),
    t('hero.facts.card'),
  ];
  const { status, openModal } = useAuth();
  const navigate = useNavigate();
  const [demoOpen, setDemoOpen] = useState(false);
  const signedIn = status === 'signed-in';

  return (
    <Box component="section" className="vp-hero" py={{ base: 48, sm: 88 }} aria-labelledby="hero-title">
      <Container size="lg">
        <Stack gap="lg" maw={760}>
          <Badge variant="light" size="lg" w="fit-content">
            {t('hero.badge')}
          </Badge>
          <Title order={1} id="hero-title">
            {t('hero.title')}
          </Title>
          <Text size="xl" c="dimmed" maw={640}>
            {t('hero.lead')}
          </Text>
          <Group gap="sm">
            {signedIn ? (
              <Button size="lg" rightSection={<IconArrowRight size={18} />} onClick={() => navigate('/home')}>
                {t('hero.dashboard')}
              </Button>
            ) : (
              <Button
                size="lg"
                rightSection={<IconArrowRight size={18} />}
                onClick={() => openModal('signup')}
              >
                {t('hero.signUp')}
              </Button>
            )}
            <Button
              size="lg"
              variant="default"
              leftSection={<IconPlayerPlay size={18} />}
              onClick={() => setDemoOpen(true)}
            >
              {t('hero.watch')}
            </Button>
          </Group>
          <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {facts.map((fact) => (
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
      <Modal opened={demoOpen} onClose={() => setDemoOpen(false)} title={t('hero.demo.title')} centered>
        <Stack align="center" gap="md" py="md">
          <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
            <IconVideo size={34} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {t('hero.demo.heading')}
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            {t('hero.demo.text')}
          </Text>
          <Button
            variant="light"
            onClick={() => {
              setDemoOpen(false);
              document.getElementById('how-it-works')?.scrollIntoView();
            }}
          >
            {t('hero.demo.showSteps')}
          </Button>
        </Stack>
      </Modal>
    </Box>
  );
}
