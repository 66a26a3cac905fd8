import { Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconChevronDown,
  IconClockPlay,
  IconLayoutGrid,
  IconPalette,
  IconSparkles,
  IconWand,
} from '@tabler/icons-react';
import type { Content } from '@voxpress/contracts';
import { DEFAULT_INFOGRAPHIC_SIZE } from '@voxpress/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomInfographicDialog } from './CustomInfographicDialog.tsx';
import { GeneratorDialog } from './GeneratorDialog.tsx';
import { ProgressiveGenerationModal } from './ProgressiveGenerationModal.tsx';
import { SizeChecks } from './SetupFields.tsx';
import { StyleVariationsModal } from './StyleVariationsModal.tsx';
import { generateBlock } from './sizes.ts';

type Dialog = 'generator' | 'styles' | 'custom' | 'job' | null;

/**
 * The content viewer's infographic part (spec §2): size checkboxes and the generate button, which
 * opens the Infographic Generator; the style variations, the AI custom infographic and a set made
 * in the background are a menu away. Disabled with the spec's words while no size is chosen.
 */
export function InfographicsPanel({ piece, language }: { piece: Content; language: string }) {
  const { t } = useTranslation('infographics');
  const titleId = useId();
  const hintId = useId();
  const [sizes, setSizes] = useState<string[]>([DEFAULT_INFOGRAPHIC_SIZE]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const sectionRef = useRef<HTMLDivElement>(null);
  const block = generateBlock({ hasContent: true, sizes, generating: false });
  const source = { piece, language };
  const close = () => setDialog(null);
  // 'Close & Configure': back to the sizes, the first box focused.
  const configure = () => {
    setDialog(null);
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLInputElement>('input')?.focus());
  };

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={titleId}
      ref={sectionRef}
      data-testid="infographics-panel"
    >
      <Stack gap={2}>
        <Group gap="xs">
          <IconLayoutGrid size={18} aria-hidden />
          <Title order={4} fz="h5" id={titleId}>
            {t('panel.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('panel.lead')}
        </Text>
      </Stack>
      <SizeChecks sizes={sizes} onSizes={setSizes} />
      <Group gap="xs" wrap="wrap">
        <Button
          leftSection={<IconSparkles size={16} aria-hidden />}
          disabled={block !== null}
          aria-describedby={block ? hintId : undefined}
          onClick={() => setDialog('generator')}
        >
          {t('panel.generate')}
        </Button>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconChevronDown size={14} aria-hidden />}
              disabled={block !== null}
            >
              {t('panel.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPalette size={16} />} onClick={() => setDialog('styles')}>
              {t('panel.styles')}
            </Menu.Item>
            <Menu.Item leftSection={<IconWand size={16} />} onClick={() => setDialog('custom')}>
              {t('panel.custom')}
            </Menu.Item>
            <Menu.Item leftSection={<IconClockPlay size={16} />} onClick={() => setDialog('job')}>
              {t('panel.background')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {block === 'no-sizes' && (
        <Text size="sm" c="orange.8" id={hintId} role="status">
          {t('panel.noSizes')}
        </Text>
      )}
      {dialog === 'generator' && (
        <GeneratorDialog onClose={close} source={source} sizes={sizes} onConfigure={configure} />
      )}
      {dialog === 'styles' && (
        <StyleVariationsModal
          onClose={close}
          source={source}
          size={sizes[0] ?? DEFAULT_INFOGRAPHIC_SIZE}
          onConfigure={configure}
        />
      )}
      {dialog === 'custom' && (
        <CustomInfographicDialog
          onClose={close}
          source={source}
          size={sizes[0] ?? DEFAULT_INFOGRAPHIC_SIZE}
          onConfigure={configure}
        />
      )}
      {dialog === 'job' && <ProgressiveGenerationModal onClose={close} source={source} sizes={sizes} />}
    </Stack>
  );
}
