import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfographicVariation } from '@voxpress/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { collectionRequest } from './collection.ts';
import { createCollection, infographicKeys, saveInfographic } from './infographics-api.ts';
import { saveRequest } from './save-request.ts';
import type { InfographicSetup, InfographicSource } from './setup.ts';

/**
 * 'Save Template Collection' (spec §2, §5, §8): a name for the favourites, Cancel and Save
 * Collection. The favourites are kept together under the name and in the user's saved images.
 */
export function SaveCollectionDialog({
  opened,
  onClose,
  favourites,
  setup,
  source,
  onSaved,
}: {
  opened: boolean;
  onClose(): void;
  favourites: readonly InfographicVariation[];
  setup: InfographicSetup | null;
  source: InfographicSource;
  onSaved(imageIds: string[]): void;
}) {
  const { t } = useTranslation('infographics');
  const [name, setName] = useState('');
  const [rule, setRule] = useState(false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (request: NonNullable<ReturnType<typeof collectionRequest>>) => {
      const collection = await createCollection(request);
      // Kept in the gallery too, so the item's Images and the gallery show them.
      await Promise.all(
        favourites.map((v) => {
          const one = saveRequest(v, source);
          return one ? saveInfographic(one) : null;
        }),
      );
      return collection;
    },
    onSuccess: (collection) => {
      notifications.show({
        color: 'teal',
        message: t('collection.saved', { name: collection.collection_name }),
      });
      onSaved(favourites.map((v) => v.id));
      void queryClient.invalidateQueries({ queryKey: infographicKeys.allSaved });
      setName('');
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const request = collectionRequest(name, favourites, setup, source.piece.id);
    setRule(request === null);
    if (request) save.mutate(request);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('collection.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('collection.lead', { count: favourites.length, formatted: formatNumber(favourites.length) })}
          </Text>
          <TextInput
            label={t('collection.name')}
            placeholder={t('collection.placeholder')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setRule(false);
            }}
            maxLength={120}
            data-autofocus
            error={rule ? t('errors.collectionRule') : undefined}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('errors.collection')}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('collection.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('collection.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
