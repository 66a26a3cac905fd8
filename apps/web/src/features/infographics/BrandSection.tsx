import {
  Box,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BRAND_FONTS,
  BRAND_LOGO_MAX_BYTES,
  BRAND_MIN_CONTRAST,
  type BrandFont,
  type BrandKit,
  type BrandKitUpdate,
} from '@voxpress/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { loadErrorMessage } from '../../lib/load-error.ts';
import { FormError } from '../account/FormError.tsx';
import { SettingsSection } from '../settings/SettingsSection.tsx';
import { BRAND_KEY, contrastOnWhite, dataUrlOf, fetchBrand, saveBrand } from './brand-api.ts';

/**
 * Settings → Brand: two colours (each with its contrast on white, refused below 3:1), a heading
 * font from the bundled families, a footer line and a logo, for images made with "Use my brand".
 */
export function BrandSection() {
  const { t } = useTranslation('infographics');
  const kit = useQuery({ queryKey: BRAND_KEY, queryFn: fetchBrand });
  return (
    <SettingsSection title={t('brand.title')} lead={t('brand.lead')}>
      {kit.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={72} />
        </Stack>
      ) : kit.isError ? (
        <ErrorState message={loadErrorMessage(kit.error)} onRetry={() => void kit.refetch()} />
      ) : (
        <BrandForm kit={kit.data} />
      )}
    </SettingsSection>
  );
}

function BrandForm({ kit }: { kit: BrandKit }) {
  const { t } = useTranslation('infographics');
  const client = useQueryClient();
  const [primary, setPrimary] = useState(kit.primary_color);
  const [secondary, setSecondary] = useState(kit.secondary_color);
  const [font, setFont] = useState<BrandFont>(kit.heading_font);
  const [footer, setFooter] = useState(kit.footer ?? '');
  // undefined: keep the saved logo; null: remove it; a string: the new file as a data URL.
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  const [logoError, setLogoError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (update: BrandKitUpdate) => saveBrand(update),
    onSuccess: (saved) => {
      client.setQueryData(BRAND_KEY, saved);
      setLogo(undefined);
      notifications.show({ color: 'teal', message: t('brand.saved') });
    },
  });
  const shown = logo === undefined ? kit.logo : logo;
  const readable = (hex: string) => contrastOnWhite(hex) >= BRAND_MIN_CONTRAST;
  const valid = readable(primary) && readable(secondary);

  const pick = (file: File | null) => {
    setLogoError(null);
    if (!file) return;
    if (file.size > BRAND_LOGO_MAX_BYTES) {
      setLogoError(t('brand.logoTooLarge'));
      return;
    }
    void dataUrlOf(file).then(setLogo, () => setLogoError(t('brand.logoUnreadable')));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    save.mutate({
      primary_color: primary,
      secondary_color: secondary,
      heading_font: font,
      footer: footer.trim() || null,
      ...(logo === undefined ? {} : { logo }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ColorField label={t('brand.primary')} value={primary} onChange={setPrimary} />
          <ColorField label={t('brand.secondary')} value={secondary} onChange={setSecondary} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('brand.font')}
            data={BRAND_FONTS.map((f) => ({ value: f, label: f }))}
            value={font}
            onChange={(v) => v && setFont(v as BrandFont)}
            allowDeselect={false}
            renderOption={({ option }) => <Text style={{ fontFamily: option.value }}>{option.label}</Text>}
          />
          <TextInput
            label={t('brand.footer')}
            description={t('brand.footerHint')}
            value={footer}
            maxLength={120}
            onChange={(e) => setFooter(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="brand-logo-label">
            {t('brand.logo')}
          </Text>
          <Group gap="md" align="center" wrap="wrap">
            <Box
              w={160}
              h={64}
              p={6}
              style={{
                border: '1px dashed var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
                background: 'var(--mantine-color-white)',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {shown ? (
                <Image src={shown} alt={t('brand.logoAlt')} h="100%" w="100%" fit="contain" />
              ) : (
                <Text size="xs" c="gray.7">
                  {t('brand.noLogo')}
                </Text>
              )}
            </Box>
            <FileButton accept="image/png,image/jpeg,image/svg+xml" onChange={pick}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  aria-describedby="brand-logo-label"
                >
                  {t('brand.chooseLogo')}
                </Button>
              )}
            </FileButton>
            {shown && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setLogo(null)}
              >
                {t('brand.removeLogo')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('brand.logoHint')}
          </Text>
          {logoError && (
            <Text size="sm" c="red" role="alert">
              {logoError}
            </Text>
          )}
        </Stack>
        <FormError error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!valid}>
            {t('brand.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A colour with its contrast on white, and why it cannot be saved when that is too low. */
function ColorField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  const { t } = useTranslation('infographics');
  const ratio = contrastOnWhite(value);
  const ok = ratio >= BRAND_MIN_CONTRAST;
  return (
    <ColorInput
      label={label}
      value={value}
      onChange={onChange}
      format="hex"
      withEyeDropper={false}
      description={t('brand.contrast', { ratio: ratio.toFixed(1) })}
      error={ok ? undefined : t('brand.tooLight', { minimum: BRAND_MIN_CONTRAST })}
    />
  );
}
