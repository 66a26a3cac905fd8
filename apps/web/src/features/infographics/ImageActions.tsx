import { Button, Group } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconDownload, IconShare } from '@tabler/icons-react';
import type { InfographicVariation } from '@voxpress/contracts';
import { useTranslation } from 'react-i18next';
import type { useImageActions } from './use-image-actions.ts';

/** Download, Share and Save for the variation on screen. */
export function ImageActions({
  variation,
  actions,
  compact = false,
}: {
  variation: InfographicVariation;
  actions: ReturnType<typeof useImageActions>;
  /** Small buttons, for a card in a grid. */
  compact?: boolean;
}) {
  const { t } = useTranslation('infographics');
  const saved = actions.isSaved(variation);
  const busy = <T,>(m: { isPending: boolean; variables: T | undefined }) =>
    m.isPending && m.variables === variation;
  return (
    <Group gap="xs" grow preventGrowOverflow={false}>
      <Button
        size={compact ? 'xs' : 'sm'}
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy(actions.download)}
        onClick={() => actions.download.mutate(variation)}
      >
        {t('actions.download')}
      </Button>
      <Button
        size={compact ? 'xs' : 'sm'}
        variant="default"
        leftSection={<IconShare size={16} aria-hidden />}
        loading={busy(actions.share)}
        onClick={() => actions.share.mutate(variation)}
      >
        {t('actions.share')}
      </Button>
      <Button
        size={compact ? 'xs' : 'sm'}
        variant={saved ? 'light' : 'filled'}
        color={saved ? 'teal' : undefined}
        leftSection={saved ? <IconCheck size={16} aria-hidden /> : <IconDeviceFloppy size={16} aria-hidden />}
        loading={busy(actions.save)}
        onClick={() => actions.save.mutate(variation)}
      >
        {saved ? t('actions.saved') : t('actions.save')}
      </Button>
    </Group>
  );
}
