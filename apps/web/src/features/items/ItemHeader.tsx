import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconFileMusic,
  IconFileText,
  IconLink,
  IconMicrophone,
  IconPencil,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { languageName } from '../audio/language-fields.ts';
import { fileFigures } from '../audio/recorder-format.ts';
import { audioKey } from '../transcription/transcription-api.ts';
import { ItemSourceLine, isImported } from './ItemSourceLine.tsx';
import { checkDetails, DESCRIPTION_MAX, TITLE_MAX } from './item-details.ts';
import { itemKey, updateItem } from './items-api.ts';

/**
 * The item's title and description, edited in place, and what it is: a recording, an upload or a
 * document, its language, length and date.
 */
export function ItemHeader({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="xs">
      {editing ? (
        <DetailsForm item={item} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Title
              order={1}
              dir="auto"
              style={{ overflowWrap: 'anywhere', minWidth: 0, textAlign: 'match-parent' }}
              data-testid="item-title"
            >
              {item.title}
            </Title>
            <Tooltip label={t('details.edit')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                mt={6}
                aria-label={t('details.edit')}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {item.description ? (
            <Text
              c="dimmed"
              dir="auto"
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', textAlign: 'match-parent' }}
              maw={760}
            >
              {item.description}
            </Text>
          ) : (
            <Anchor component="button" type="button" size="sm" ta="start" onClick={() => setEditing(true)}>
              {t('details.addDescription')}
            </Anchor>
          )}
        </>
      )}
      <ItemFacts item={item} />
      <ItemSourceLine item={item} />
    </Stack>
  );
}

function ItemFacts({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const kind =
    item.kind === 'document'
      ? { label: t('kind.document'), Icon: IconFileText }
      : isImported(item)
        ? { label: t('kind.imported'), Icon: IconLink }
        : item.audio?.source === 'recording'
          ? { label: t('kind.recording'), Icon: IconMicrophone }
          : { label: t('kind.upload'), Icon: IconFileMusic };
  const parts = [
    languageName(item.language),
    ...(item.audio ? [fileFigures(item.audio.duration_s, item.audio.file_size_bytes)] : []),
    formatDateTime(new Date(item.created_at)),
  ];
  return (
    <Group gap="xs" wrap="wrap" data-testid="item-facts">
      <Badge variant="light" leftSection={<kind.Icon size={14} aria-hidden />}>
        {kind.label}
      </Badge>
      <Text size="sm" c="dimmed">
        {parts.join(' · ')}
      </Text>
    </Group>
  );
}

function DetailsForm({ item, onDone }: { item: Item; onDone(): void }) {
  const { t } = useTranslation('items');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description ?? '');
  const check = checkDetails(item, { title, description });
  const save = useMutation({
    mutationFn: async () => {
      if (!check.ok || !check.update) return item;
      return updateItem(item.id, check.update);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(itemKey(item.id), saved);
      if (saved.audio) queryClient.setQueryData(audioKey(item.id), saved.audio);
      void queryClient.invalidateQueries({ queryKey: ['items', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['audio', 'list'] });
      onDone();
    },
  });
  const problem = check.ok ? null : check.problem;
  return (
    <Stack
      gap="sm"
      component="form"
      maw={760}
      onSubmit={(e) => {
        e.preventDefault();
        if (check.ok) save.mutate();
      }}
    >
      <TextInput
        label={t('details.title')}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={TITLE_MAX}
        required
        data-autofocus
        autoFocus
        error={problem === 'titleBlank' ? t('details.titleBlank') : null}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
      />
      <Textarea
        label={t('details.description')}
        placeholder={t('details.descriptionPlaceholder')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={DESCRIPTION_MAX}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
      />
      {save.error && <ErrorState title={t('details.saveFailed')} message={errorMessage(save.error)} />}
      <Group gap="xs">
        <Button
          type="submit"
          size="sm"
          leftSection={<IconCheck size={16} />}
          loading={save.isPending}
          disabled={!check.ok || check.update === null}
        >
          {t('details.save')}
        </Button>
        <Button size="sm" variant="default" leftSection={<IconX size={16} />} onClick={onDone}>
          {t('details.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
