import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfographicVariation } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { styleLabel } from '../../i18n/terms.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { absoluteUrl, browserShareDeps, downloadImage, shareImage } from './image-actions.ts';
import { infographicKeys, saveInfographic } from './infographics-api.ts';
import { saveRequest, sourceTitle } from './save-request.ts';
import type { InfographicSource } from './setup.ts';

/**
 * Download, Share and Save for a variation (spec §2 and §8): the image saved as a PNG named with
 * the title, style and time; the share sheet, else its address copied; the image kept in the
 * gallery. Each reports with the spec's toasts.
 */
export function useImageActions(source: InfographicSource) {
  const { t } = useTranslation('infographics');
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());

  const download = useMutation({
    mutationFn: (v: InfographicVariation) => {
      const url = v.infographic_url ?? v.data_url;
      if (!url) throw new Error(t('errors.noImage'));
      return downloadImage(url, `${sourceTitle(source)} ${styleLabel(v.style)}`);
    },
    onError: () => notifications.show({ color: 'red', message: t('errors.download') }),
  });

  const share = useMutation({
    mutationFn: (v: InfographicVariation) => {
      if (!v.infographic_url) throw new Error(t('errors.noImage'));
      return shareImage(sourceTitle(source), absoluteUrl(v.infographic_url), browserShareDeps());
    },
    onSuccess: (outcome) => {
      if (outcome === 'copied') notifications.show({ color: 'teal', message: t('actions.copied') });
    },
    onError: () => notifications.show({ color: 'red', message: t('errors.copy') }),
  });

  const save = useMutation({
    mutationFn: (v: InfographicVariation) => {
      const request = saveRequest(v, source);
      if (!request) throw new Error(t('errors.noImage'));
      return saveInfographic(request);
    },
    onSuccess: (_, v) => {
      setSaved((s) => new Set(s).add(v.id));
      notifications.show({ color: 'teal', message: t('actions.savedToast') });
      void queryClient.invalidateQueries({ queryKey: infographicKeys.allSaved });
    },
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: t('errors.saveTitle'),
        message: errorMessage(err, t('errors.save')),
      }),
  });

  return {
    download,
    share,
    save,
    /** Marks images kept another way (a collection saves its favourites). */
    markSaved: (ids: readonly string[]) => setSaved((s) => new Set([...s, ...ids])),
    isSaved: (v: InfographicVariation) => saved.has(v.id),
  };
}
