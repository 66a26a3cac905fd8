import { Badge, Box, Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowDown, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';

/** The hero: what Voxpress does, the sign-up call, and a button down to the four steps. */
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
              leftSection={<IconArrowDown size={18} />}
              onClick={() => document.getElementById('how-it-works')?.scrollIntoView()}
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
    </Box>
  );
}
