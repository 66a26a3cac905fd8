import {
  ActionIcon,
  Combobox,
  Group,
  InputBase,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { IconCheck, IconLanguage, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InterfaceLanguage, isInterfaceLanguage, nativeNameOf } from '../../i18n/interface-languages.ts';
import { chooseLanguage } from '../../i18n/language-choice.ts';
import { languageOptions, searchLanguageOptions } from '../../i18n/language-search.ts';

/**
 * The interface language, searchable, in the control panel. Shown signed out too: a visitor whose
 * browser asked for the wrong language (a borrowed or shared computer) must be able to read the
 * page before creating an account. The choice applies at once and is kept on this browser.
 */
export function InterfaceLanguagePicker({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const current: InterfaceLanguage =
    i18n.resolvedLanguage && isInterfaceLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const [search, setSearch] = useState('');
  const [switching, setSwitching] = useState(false);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      combobox.focusTarget();
      setSearch('');
    },
    onDropdownOpen: () => {
      combobox.focusSearchInput();
      combobox.updateSelectedOptionIndex('active');
    },
  });
  const options = useMemo(() => languageOptions(current), [current]);
  const matches = searchLanguageOptions(options, search);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search text changes
  useEffect(() => {
    if (search) combobox.selectFirstOption();
  }, [search]);

  const label = t('language.interface');
  const named = t('language.named', { label, name: nativeNameOf(current) });
  const pick = (code: string) => {
    combobox.closeDropdown();
    if (!isInterfaceLanguage(code) || code === current) return;
    setSwitching(true);
    chooseLanguage(code)
      .catch((err: unknown) => console.warn('Could not switch the interface language', err))
      .finally(() => setSwitching(false));
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      position={compact ? 'right-start' : 'bottom-start'}
      width={compact ? 280 : 'target'}
      shadow="md"
      onOptionSubmit={pick}
    >
      <Combobox.Target targetType="button" withExpandedAttribute>
        {compact ? (
          <Tooltip label={named} position="right" withArrow>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={named}
              loading={switching}
              onClick={() => combobox.toggleDropdown()}
            >
              <IconLanguage size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : (
          <InputBase
            component="button"
            type="button"
            pointer
            size="xs"
            label={label}
            leftSection={<IconLanguage size={16} aria-hidden />}
            rightSection={<Combobox.Chevron aria-hidden />}
            rightSectionPointerEvents="none"
            onClick={() => combobox.toggleDropdown()}
            aria-label={named}
            aria-busy={switching || undefined}
            data-testid="interface-language"
          >
            <Text span inherit lang={current} truncate="end" style={{ display: 'block' }}>
              {nativeNameOf(current)}
            </Text>
          </InputBase>
        )}
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('language.search')}
          aria-label={t('language.searchLabel')}
          leftSection={<IconSearch size={14} aria-hidden />}
        />
        <Combobox.Options aria-label={t('language.list')}>
          <ScrollArea.Autosize mah={320} type="scroll">
            {matches.length === 0 ? (
              <Combobox.Empty>
                <Stack gap={2} py="sm" align="center">
                  <Text size="sm" fw={600}>
                    {t('language.none')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('language.noneHint')}
                  </Text>
                </Stack>
              </Combobox.Empty>
            ) : (
              matches.map((option) => {
                const selected = option.code === current;
                return (
                  <Combobox.Option value={option.code} key={option.code} active={selected}>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={selected ? 600 : 400} lang={option.code}>
                          {option.nativeName}
                        </Text>
                        {option.localName && (
                          <Text size="xs" opacity={0.75}>
                            {option.localName}
                          </Text>
                        )}
                      </Stack>
                      {selected ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
                    </Group>
                  </Combobox.Option>
                );
              })
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
