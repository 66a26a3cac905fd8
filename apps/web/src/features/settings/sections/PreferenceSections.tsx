import {
  Button,
  Chip,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  useMantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BLOG_PLATFORMS,
  ENHANCE_CONTENT_TYPES,
  ENHANCE_LANGUAGES,
  type EnhanceContentType,
} from '@voxpress/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InterfaceLanguagePicker } from '../../../components/control-panel/InterfaceLanguagePicker.tsx';
import { formatLocale } from '../../../i18n/format.ts';
import { contentTypeLabel, platformLabel } from '../../../i18n/terms.ts';
import { FormError } from '../../account/FormError.tsx';
import { setDefaultLanguage, useDefaultLanguage } from '../../audio/default-language.ts';
import { LanguagePicker } from '../../audio/LanguagePicker.tsx';
import { SettingsSection } from '../SettingsSection.tsx';
import { useUserSettings } from '../use-user-settings.ts';

/** A content language's name in the interface language ("Spanish", "Español"…). */
function languageLabel(code: string): string {
  try {
    return new Intl.DisplayNames([formatLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Theme, kept on the server for the account and in this browser for the next visit. */
export function AppearanceSection() {
  const { t } = useTranslation('settings');
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SettingsSection title={t('appearance')} lead={t('appearanceLead')}>
      <SegmentedControl
        aria-label={t('theme')}
        value={colorScheme === 'dark' ? 'dark' : 'light'}
        onChange={(value) => {
          // Kept with the account by SettingsSync, as a switch from the control panel is.
          setColorScheme(value === 'dark' ? 'dark' : 'light');
        }}
        data={[
          { label: t('light'), value: 'light' },
          { label: t('dark'), value: 'dark' },
        ]}
      />
    </SettingsSection>
  );
}

/** The interface language and the transcription language the capture panel starts with. */
export function LanguageSection() {
  const { t } = useTranslation('settings');
  const { settings, save } = useUserSettings();
  const [local] = useDefaultLanguage();
  const transcription = settings?.transcription_language || local;
  return (
    <SettingsSection title={t('languages.title')} lead={t('languages.lead')}>
      <Stack gap="md">
        <InterfaceLanguagePicker compact={false} />
        <LanguagePicker
          label={t('languages.transcription')}
          description={t('languages.transcriptionHint')}
          value={transcription}
          onChange={(code) => {
            setDefaultLanguage(code);
            void save({ transcription_language: code }).catch(() => undefined);
          }}
        />
      </Stack>
    </SettingsSection>
  );
}

/** What the Enhance panel starts with: languages, content type, platforms. */
export function ContentDefaultsSection() {
  const { t } = useTranslation('settings');
  const { settings, save, saving, error } = useUserSettings();
  const [languages, setLanguages] = useState<string[]>(['en']);
  const [type, setType] = useState<EnhanceContentType>('enhanced');
  const [platforms, setPlatforms] = useState<string[]>([]);
  useEffect(() => {
    setLanguages(settings?.content_languages ?? ['en']);
    setType(settings?.content_type ?? 'enhanced');
    setPlatforms(settings?.platforms ?? []);
  }, [settings?.content_languages, settings?.content_type, settings?.platforms]);

  const onSave = async () => {
    await save({ content_languages: languages, content_type: type, platforms });
    notifications.show({ color: 'teal', message: t('saved') });
  };
  return (
    <SettingsSection title={t('content.title')} lead={t('content.lead')}>
      <MultiSelect
        label={t('content.languages')}
        data={ENHANCE_LANGUAGES.map((code) => ({ value: code, label: languageLabel(code) }))}
        value={languages}
        // At least one language stays chosen.
        onChange={(next) => next.length > 0 && setLanguages(next)}
        clearable={false}
      />
      <Select
        label={t('content.type')}
        data={ENHANCE_CONTENT_TYPES.map((value) => ({ value, label: contentTypeLabel(value) }))}
        value={type}
        onChange={(value) => value && setType(value as EnhanceContentType)}
        allowDeselect={false}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="content-platforms">
          {t('content.platforms')}
        </Text>
        <Chip.Group multiple value={platforms} onChange={setPlatforms}>
          <Group gap="xs" aria-labelledby="content-platforms" role="group">
            {BLOG_PLATFORMS.map((p) => (
              <Chip key={p} value={p} size="sm">
                {platformLabel(p)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <FormError error={error} />
      <Group>
        <Button onClick={() => void onSave().catch(() => undefined)} loading={saving}>
          {t('save')}
        </Button>
      </Group>
    </SettingsSection>
  );
}

/** How the user writes: a note language models follow. */
export function VoiceSection() {
  const { t } = useTranslation('settings');
  const { settings, save, saving, error } = useUserSettings();
  const [voice, setVoice] = useState('');
  useEffect(() => setVoice(settings?.writing_voice ?? ''), [settings?.writing_voice]);
  return (
    <SettingsSection title={t('voice.title')} lead={t('voice.lead')}>
      <Textarea
        label={t('voice.label')}
        placeholder={t('voice.placeholder')}
        autosize
        minRows={3}
        maxLength={1000}
        value={voice}
        onChange={(e) => setVoice(e.currentTarget.value)}
        description={t('voice.count', { count: voice.length })}
      />
      <FormError error={error} />
      <Group>
        <Button
          onClick={() =>
            void save({ writing_voice: voice.trim() || null })
              .then(() => notifications.show({ color: 'teal', message: t('saved') }))
              .catch(() => undefined)
          }
          loading={saving}
        >
          {t('save')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
