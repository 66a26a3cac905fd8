import {
  Combobox,
  type ComboboxProps,
  Group,
  InputBase,
  ScrollArea,
  Stack,
  Text,
  useCombobox,
} from '@mantine/core';
import { IconCheck, IconSearch, IconWorld } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName, searchLanguages } from './language-fields.ts';
import { DEFAULT_LANGUAGE_CODE } from './languages.ts';
import { useSpeechAvailability } from './speech-availability.ts';

export interface LanguagePickerProps {
  /** The selected BCP-47 code, e.g. en-US. */
  value: string;
  onChange(code: string): void;
  /** Locked while recording or uploading. */
  disabled?: boolean;
  label?: string;
  description?: string;
  /** Where the dropdown opens and how wide it is (the control panel wants a wider one). */
  dropdown?: Pick<ComboboxProps, 'position' | 'width'>;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * A searchable picker over about 150 language-region codes, universal English pinned first.
 * A button opens a list with its own search box; arrows, Enter and Escape work from the search box.
 */
export function LanguagePicker({
  value,
  onChange,
  disabled = false,
  label: labelProp,
  description,
  dropdown,
  size = 'sm',
}: LanguagePickerProps) {
  const { t } = useTranslation('audio');
  const label = labelProp ?? t('language.label');
  const [search, setSearch] = useState('');
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
  // Names follow the interface language, so the list is filtered afresh on each render (~150 items).
  const matches = searchLanguages(search);

  // Highlight the first match once the filtered options are rendered, so Enter picks it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search text changes
  useEffect(() => {
    if (search) combobox.selectFirstOption();
  }, [search]);
  const selectedName = languageName(value);
  const unavailable = useSpeechAvailability();

  return (
    <Combobox
      store={combobox}
      withinPortal
      position={dropdown?.position ?? 'bottom-start'}
      width={dropdown?.width ?? 'target'}
      shadow="md"
      onOptionSubmit={(code) => {
        onChange(code);
        combobox.closeDropdown();
      }}
      disabled={disabled}
    >
      <Combobox.Target targetType="button" withExpandedAttribute>
        <InputBase
          component="button"
          type="button"
          pointer
          size={size}
          label={label}
          description={description}
          disabled={disabled}
          leftSection={<IconWorld size={16} aria-hidden />}
          rightSection={<Combobox.Chevron aria-hidden />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          aria-label={t('language.named', { label, name: selectedName })}
          styles={{ input: { textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          <Text span inherit truncate="end" style={{ display: 'block' }}>
            {selectedName}
          </Text>
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
          }}
          placeholder={t('language.search')}
          aria-label={t('language.searchLabel')}
          leftSection={<IconSearch size={14} aria-hidden />}
        />
        <Combobox.Options aria-label={t('language.list')}>
          <ScrollArea.Autosize mah={300} type="scroll">
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
              matches.map((language) => {
                const pinned = language.code === DEFAULT_LANGUAGE_CODE;
                const selected = language.code === value;
                // Languages no engine here can hear stay listed, greyed, with the reason.
                const reason = unavailable(language.code);
                return (
                  <Combobox.Option
                    value={language.code}
                    key={language.code}
                    active={selected}
                    disabled={reason !== null}
                    aria-disabled={reason !== null}
                    style={
                      pinned
                        ? { borderBottom: '1px solid var(--mantine-color-default-border)', marginBottom: 4 }
                        : undefined
                    }
                  >
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={pinned ? 600 : 400}>
                          {language.name}
                        </Text>
                        {pinned && reason === null && (
                          <Text size="xs" c="dimmed">
                            {t('language.universalDescription')}
                          </Text>
                        )}
                        {reason !== null && (
                          <Text size="xs" c="dimmed">
                            {reason}
                          </Text>
                        )}
                      </Stack>
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed" ff="monospace">
                          {language.code}
                        </Text>
                        {selected ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
                      </Group>
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
