import { Alert, Button, Group, NumberInput, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rendition } from '@voxpress/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { regenerateRenditions, renditionsKey, saveCustomPlatform } from './publishing-api.ts';

/** A custom platform's character limit and style note; saving makes its rendition again. */
export function CustomPlatformForm({
  contentId,
  rendition,
  onDone,
}: {
  contentId: string;
  rendition: Rendition;
  onDone: () => void;
}) {
  const { t } = useTranslation('publishing');
  const client = useQueryClient();
  const [limit, setLimit] = useState<number | string>(rendition.limit);
  const [style, setStyle] = useState(rendition.style ?? '');
  const save = useMutation({
    mutationFn: async () => {
      await saveCustomPlatform({
        name: rendition.platform,
        char_limit: Number(limit),
        style_note: style.trim(),
      });
      return regenerateRenditions(contentId, rendition.language, rendition.platform);
    },
    onSuccess: (list) => {
      client.setQueryData(renditionsKey(contentId, rendition.language), list);
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <NumberInput
          label={t('custom.limit')}
          min={50}
          max={100_000}
          value={limit}
          onChange={setLimit}
          required
        />
        <Textarea
          label={t('custom.style')}
          description={t('custom.styleHelp')}
          value={style}
          maxLength={500}
          autosize
          minRows={2}
          onChange={(e) => setStyle(e.currentTarget.value)}
        />
        {save.error && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="sm" loading={save.isPending}>
            {t('custom.save')}
          </Button>
          <Button size="sm" variant="subtle" onClick={onDone}>
            {t('custom.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
