import { Card, Image, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { InfographicVariation } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenerateButton, GenerationModal, type SingleSizeDialogProps } from './GenerationModal.tsx';
import { ImageActions } from './ImageActions.tsx';
import { customErrorText } from './infographic-errors.ts';
import { generateCustom } from './infographics-api.ts';
import { sizeLabel, variationName } from './labels.ts';
import { SetupTab } from './SetupTab.tsx';
import { designOf } from './setup.ts';
import { useImageActions } from './use-image-actions.ts';
import { useInfographicSetup } from './use-setup.ts';
import { TemplateDetails } from './VariationBrowser.tsx';

/**
 * The AI Custom Infographic Generator (spec §2): Configure shows the current settings and
 * 'Generate AI Custom Infographic'; Preview shows the image with Download, Share and Save.
 */
export function CustomInfographicDialog({ onClose, source, size, onConfigure }: SingleSizeDialogProps) {
  const { t } = useTranslation('infographics');
  const [tab, setTab] = useState<'configure' | 'preview'>('configure');
  const [sizes, setSizes] = useState([size]);
  const [made, setMade] = useState<InfographicVariation | null>(null);
  const state = useInfographicSetup(source, true);
  const actions = useImageActions(source);

  const generate = useMutation({
    mutationFn: async () => {
      if (!state.setup) throw new Error(t('setup.none'));
      const result = await generateCustom({
        content_id: source.piece.id,
        language: source.language,
        ...designOf(state.setup),
        ...(sizes[0] ? { size: sizes[0] } : {}),
      });
      const variation = result.variation;
      if (!result.success || !variation || !(result.infographic_url || result.data_url))
        throw new Error(customErrorText(null, { ...result, success: false }));
      return {
        ...variation,
        infographic_url: result.infographic_url ?? variation.infographic_url,
        data_url: result.data_url ?? variation.data_url ?? null,
      };
    },
    onSuccess: (variation) => {
      setMade(variation);
      setTab('preview');
    },
  });

  return (
    <GenerationModal title={t('custom.title')} onClose={onClose} size="min(960px, 96vw)">
      <Tabs value={tab} onChange={(v) => v && setTab(v as 'configure' | 'preview')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="configure">{t('custom.configure')}</Tabs.Tab>
          <Tabs.Tab value="preview" disabled={!made}>
            {t('generator.preview')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configure">
          <SetupTab
            state={state}
            sizes={sizes}
            onSizes={setSizes}
            single
            busy={generate.isPending}
            busyText={t('custom.busy')}
            error={generate.error ? customErrorText(generate.error) : null}
            onConfigure={onConfigure}
            action={
              <GenerateButton
                icon={<IconWand size={18} aria-hidden />}
                loading={generate.isPending}
                onClick={() => generate.mutate()}
              >
                {t('custom.generate')}
              </GenerateButton>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          {made && (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Card withBorder padding={0} radius="md" bg="var(--mantine-color-default-hover)">
                <Image
                  src={made.data_url ?? made.infographic_url ?? undefined}
                  alt={t('carousel.alt', {
                    name: variationName(t, made),
                    size: sizeLabel(t, made.size),
                  })}
                  fit="contain"
                  mah="min(65vh, 600px)"
                  h="auto"
                  data-testid="custom-image"
                />
              </Card>
              <Stack gap="md">
                <TemplateDetails variation={made} name={variationName(t, made)} />
                <ImageActions variation={made} actions={actions} />
              </Stack>
            </SimpleGrid>
          )}
        </Tabs.Panel>
      </Tabs>
    </GenerationModal>
  );
}
