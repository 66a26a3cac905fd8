import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@voxpress/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatDate } from '../../i18n/format.ts';
import { FormError } from '../account/FormError.tsx';
import { listSourceContent, sourceContentKey } from '../content/content-api.ts';
import { infographicKeys, listSaved } from '../infographics/infographics-api.ts';
import { ShareLinkRow } from './ShareLinkRow.tsx';
import { absoluteShareUrl, createShare, listItemShares, revokeShare, shareKeys } from './shares-api.ts';

const EXPIRIES = { never: 0, d1: 1, d7: 7, d30: 30 } as const;
type Expiry = keyof typeof EXPIRIES;

/** "Share" on the item page: opens the dialog that makes and lists the item's public links. */
export function ShareButton({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconShare size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('share.button')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('share.title')}
        size="lg"
        fullScreen={false}
        closeButtonProps={{ 'aria-label': t('share.close') }}
      >
        {open && <ShareForm item={item} />}
      </Modal>
    </>
  );
}

function ShareForm({ item }: { item: Item }) {
  const { t } = useTranslation('items');
  const client = useQueryClient();
  const ids = useId();
  const source = item.transcription_id;
  const pieces = useQuery({
    queryKey: sourceContentKey(source ?? ''),
    queryFn: () => listSourceContent(source ?? ''),
    enabled: !!source,
  });
  const images = useQuery({
    queryKey: infographicKeys.saved({ transcription_id: source ?? '' }),
    queryFn: () => listSaved({ transcription_id: source ?? '' }),
    enabled: !!source,
  });
  const links = useQuery({ queryKey: shareKeys.item(item.id), queryFn: () => listItemShares(item.id) });
  const [transcript, setTranscript] = useState(true);
  const [audio, setAudio] = useState(item.kind === 'audio');
  const [contentIds, setContentIds] = useState<string[]>([]);
  const [imageIds, setImageIds] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [indexing, setIndexing] = useState(false);
  const create = useMutation({
    mutationFn: () => {
      const days = EXPIRIES[expiry];
      return createShare(item.id, {
        parts: { transcript, audio, content_ids: contentIds, infographic_ids: imageIds },
        expires_at: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
        allow_indexing: indexing,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all }),
  });
  const revoke = useMutation({
    mutationFn: revokeShare,
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all }),
  });
  const written = (pieces.data ?? []).filter((p) => p.status === 'completed');
  const saved = images.data?.items ?? [];
  const nothing = !transcript && !audio && contentIds.length === 0 && imageIds.length === 0;
  const createdUrl = create.data?.url ? absoluteShareUrl(create.data.url) : null;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('share.lead')}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!nothing) create.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5" id={`${ids}-parts`}>
            {t('share.parts')}
          </Title>
          <Stack gap={6} role="group" aria-labelledby={`${ids}-parts`}>
            <Checkbox
              label={t('share.transcript')}
              checked={transcript}
              onChange={(e) => setTranscript(e.currentTarget.checked)}
            />
            {item.kind === 'audio' && (
              <Checkbox
                label={t('share.audio')}
                checked={audio}
                onChange={(e) => setAudio(e.currentTarget.checked)}
              />
            )}
          </Stack>
          <Checkbox.Group label={t('share.pieces')} value={contentIds} onChange={setContentIds}>
            <Stack gap={6} mt={4}>
              {pieces.isLoading && <Loader size="xs" aria-label={t('share.loading')} />}
              {pieces.error && <FormError error={pieces.error} />}
              {pieces.isSuccess && written.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('share.noPieces')}
                </Text>
              )}
              {written.map((p) => (
                <Checkbox key={p.id} value={p.id} label={p.title || p.content_type} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Checkbox.Group label={t('share.images')} value={imageIds} onChange={setImageIds}>
            <Stack gap={6} mt={4}>
              {images.isLoading && <Loader size="xs" aria-label={t('share.loading')} />}
              {images.error && <FormError error={images.error} />}
              {images.isSuccess && saved.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('share.noImages')}
                </Text>
              )}
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
                {saved.map((img) => (
                  <Checkbox
                    key={img.id}
                    value={img.image_id}
                    label={
                      <Stack gap={2}>
                        <Image src={img.infographic_url} alt="" w={96} h={96} fit="contain" radius="sm" />
                        <Text size="xs">{img.metadata.title ?? img.size_label}</Text>
                      </Stack>
                    }
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Checkbox.Group>
          <Select
            label={t('share.expiry')}
            value={expiry}
            onChange={(v) => v && setExpiry(v as Expiry)}
            allowDeselect={false}
            data={[
              { value: 'never', label: t('share.never') },
              { value: 'd1', label: t('share.d1') },
              { value: 'd7', label: t('share.d7') },
              { value: 'd30', label: t('share.d30') },
            ]}
          />
          <Switch
            label={t('share.indexing')}
            description={t('share.indexingHint')}
            checked={indexing}
            onChange={(e) => setIndexing(e.currentTarget.checked)}
          />
          <FormError error={create.error} />
          {nothing && (
            <Text size="sm" c="dimmed">
              {t('share.nothing')}
            </Text>
          )}
          <Group>
            <Button
              type="submit"
              leftSection={<IconShare size={16} />}
              loading={create.isPending}
              disabled={nothing}
            >
              {t('share.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {createdUrl && (
        <Alert color="teal" role="status" title={t('share.created')}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              value={createdUrl}
              readOnly
              label={t('share.address')}
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="created-share-url"
            />
            <CopyButton value={createdUrl}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? t('share.copied') : t('share.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <Divider />
      <Title order={3} size="h5">
        {t('share.links')}
      </Title>
      {links.isLoading && <Loader size="sm" aria-label={t('share.loading')} />}
      {links.error && (
        <ErrorState
          title={t('share.loadFailed')}
          message={String(links.error)}
          onRetry={() => void links.refetch()}
        />
      )}
      <FormError error={revoke.error} />
      {links.isSuccess && links.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('share.noLinks')}
        </Text>
      )}
      {links.data?.map((share) => (
        <ShareLinkRow
          key={share.id}
          share={share}
          revokeLabel={t('share.revokeNamed', { date: formatDate(new Date(share.created_at)) })}
          onRevoke={() => revoke.mutate(share.id)}
          revoking={revoke.isPending && revoke.variables === share.id}
        />
      ))}
    </Stack>
  );
}
