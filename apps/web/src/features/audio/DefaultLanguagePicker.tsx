import { useTranslation } from 'react-i18next';
import { useDefaultLanguage } from './default-language.ts';
import { LanguagePicker } from './LanguagePicker.tsx';

/**
 * The control panel's language picker (signed-in users only): the default transcription
 * language, kept in this browser and used as the starting choice of the capture panel.
 */
export function DefaultLanguagePicker() {
  const { t } = useTranslation('audio');
  const [language, setLanguage] = useDefaultLanguage();
  return (
    <LanguagePicker
      value={language}
      onChange={setLanguage}
      label={t('language.defaultLabel')}
      size="xs"
      dropdown={{ width: 300, position: 'bottom-start' }}
    />
  );
}
