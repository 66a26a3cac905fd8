import { Checkbox, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type Audience,
  type CulturalContext,
  INFOGRAPHIC_CONTENT_TYPES,
  type InfographicContentType,
  SIZE_PRESETS,
} from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import { audienceLabel, contentTypeLabel, contextLabel } from '../../i18n/terms.ts';
import { pixels, sizeLabel } from './labels.ts';
import { drawsShareQr, type InfographicSetup } from './setup.ts';
import { useChoices } from './use-setup.ts';

/**
 * The AI template configuration (spec §2): content type, target audience and cultural context as
 * the content suggested them, each open to change, and the sizes: several (the template
 * variations) or one (the custom and style dialogs).
 */
export function SetupFields({
  setup,
  onChange,
  sizes,
  onSizes,
  single = false,
  disabled = false,
}: {
  setup: InfographicSetup;
  onChange(patch: Partial<InfographicSetup>): void;
  sizes: string[];
  onSizes(sizes: string[]): void;
  single?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('infographics');
  const { audiences, contexts } = useChoices();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: single ? 2 : 3 }} spacing="sm">
        <Select
          label={t('setup.contentType')}
          data={INFOGRAPHIC_CONTENT_TYPES.map((value) => ({ value, label: contentTypeLabel(value) }))}
          value={setup.content_type}
          onChange={(v) => v && onChange({ content_type: v as InfographicContentType })}
          allowDeselect={false}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('setup.audience')}
          data={audiences.map((a) => ({ value: a.value, label: audienceLabel(a.value, a.label) }))}
          value={setup.target_audience}
          onChange={(v) => v && onChange({ target_audience: v as Audience })}
          allowDeselect={false}
          disabled={disabled}
        />
        <Select
          label={t('setup.context')}
          data={contexts.map((c) => ({ value: c.value, label: contextLabel(c.value, c.label) }))}
          value={setup.cultural_context}
          onChange={(v) => v && onChange({ cultural_context: v as CulturalContext })}
          allowDeselect={false}
          disabled={disabled}
        />
        {single && (
          <Select
            label={t('setup.size')}
            data={SIZE_PRESETS.map((s) => ({
              value: s.value,
              label: t('sizes.option', { name: sizeLabel(t, s.value), pixels: pixels(t, s.value) }),
            }))}
            value={sizes[0] ?? null}
            onChange={(v) => v && onSizes([v])}
            allowDeselect={false}
            disabled={disabled}
          />
        )}
      </SimpleGrid>
      <Checkbox
        checked={setup.use_brand ?? false}
        onChange={(e) => onChange({ use_brand: e.currentTarget.checked })}
        disabled={disabled}
        label={t('setup.useBrand')}
        description={t('setup.useBrandHint')}
      />
      {setup.share_url && (
        <Checkbox
          checked={drawsShareQr(setup)}
          onChange={(e) => onChange({ share_qr: e.currentTarget.checked })}
          disabled={disabled}
          label={t('setup.shareQr')}
          description={t('setup.shareQrHint', { host: hostOf(setup.share_url) })}
        />
      )}
      {!single && (
        <SizeChecks
          sizes={sizes}
          onSizes={onSizes}
          disabled={disabled}
          error={sizes.length === 0 ? t('setup.noSizes') : undefined}
        />
      )}
    </Stack>
  );
}

/** The size checkboxes (spec §2): each preset by name with its pixels. */
export function SizeChecks({
  sizes,
  onSizes,
  disabled = false,
  error,
}: {
  sizes: string[];
  onSizes(sizes: string[]): void;
  disabled?: boolean;
  /** Said under the boxes (none chosen). */
  error?: string | undefined;
}) {
  const { t } = useTranslation('infographics');
  return (
    <Checkbox.Group label={t('setup.sizes')} value={sizes} onChange={onSizes} error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt={6}>
        {SIZE_PRESETS.map((s) => (
          <Checkbox
            key={s.value}
            value={s.value}
            disabled={disabled}
            label={sizeLabel(t, s.value)}
            description={
              <Text span size="xs" c="dimmed">
                {pixels(t, s.value)}
              </Text>
            }
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** The link's host as the image's caption shows it. */
function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
