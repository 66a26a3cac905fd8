import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconAdjustments, IconServer, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { BrandSection } from '../infographics/BrandSection.tsx';
import { PublishingSettings } from '../publishing/PublishingSettings.tsx';
import { SharedLinksSection } from '../shares/SharedLinksSection.tsx';
import { EmbeddingModelsPanel } from './admin/EmbeddingModelsPanel.tsx';
import { LanguageModelsPanel } from './admin/LanguageModelsPanel.tsx';
import { QueuesPanel } from './admin/QueuesPanel.tsx';
import { SpeakerModelsPanel } from './admin/SpeakerModelsPanel.tsx';
import { StoragePanel } from './admin/StoragePanel.tsx';
import { WhisperModelsPanel } from './admin/WhisperModelsPanel.tsx';
import {
  DataSection,
  DeleteAccountSection,
  EmailSection,
  PasswordSection,
  ProfileSection,
  SessionsSection,
} from './sections/AccountSections.tsx';
import { AccessSection, EnginesSection, LlmSection } from './sections/AdminSections.tsx';
import { ApiTokensSection } from './sections/ApiTokensSection.tsx';
import {
  AppearanceSection,
  ContentDefaultsSection,
  LanguageSection,
  VoiceSection,
} from './sections/PreferenceSections.tsx';
import { VoiceProfilesSection } from './sections/VoiceProfilesSection.tsx';

const VIEWS = ['preferences', 'account', 'admin'] as const;
type View = (typeof VIEWS)[number];

/**
 * Settings in three views with their own addresses: preferences, account, and (for the
 * administrator only) the server. Each view is a list of sections, one line each, so other
 * features add theirs (queues, connections, webhooks) by mounting one component.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('title'));
  const { user } = useAuth();
  const navigate = useNavigate();
  const { section } = useParams();
  const view = (VIEWS as readonly string[]).includes(section ?? '') ? (section as View) : null;
  if (!user) return null;
  if (!view || (view === 'admin' && !user.is_admin)) return <Navigate to="/settings/preferences" replace />;

  return (
    <PageFrame title={t('title')} lead={t('lead')}>
      <Tabs value={view} onChange={(next) => next && void navigate(`/settings/${next}`)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="preferences" leftSection={<IconAdjustments size={16} aria-hidden />}>
            {t('views.preferences')}
          </Tabs.Tab>
          <Tabs.Tab value="account" leftSection={<IconUserCircle size={16} aria-hidden />}>
            {t('views.account')}
          </Tabs.Tab>
          {user.is_admin && (
            <Tabs.Tab value="admin" leftSection={<IconServer size={16} aria-hidden />}>
              {t('views.admin')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="preferences">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <AppearanceSection />
            <LanguageSection />
            <ContentDefaultsSection />
            <VoiceSection />
            <VoiceProfilesSection />
            <BrandSection />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <ProfileSection user={user} />
              <EmailSection user={user} />
              <PasswordSection user={user} />
              <Stack gap="lg">
                <SessionsSection />
                <DataSection />
              </Stack>
            </SimpleGrid>
            <ApiTokensSection />
            <SharedLinksSection />
            <PublishingSettings />
            {/* The one step that cannot be undone comes last. */}
            <DeleteAccountSection user={user} />
          </Stack>
        </Tabs.Panel>
        {user.is_admin && (
          <Tabs.Panel value="admin">
            <Stack gap="lg">
              <AccessSection />
              <StoragePanel />
              <LlmSection />
              <LanguageModelsPanel />
              <WhisperModelsPanel />
              <SpeakerModelsPanel />
              <EmbeddingModelsPanel />
              <EnginesSection />
              <QueuesPanel />
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </PageFrame>
  );
}
