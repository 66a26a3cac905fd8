import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMicrophone, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Audio, searchWords } from '@voxpress/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { ErrorState, PageLoader } from '../../components/PageState.tsx';
import { deleteAudio, listAudio } from '../transcription/transcription-api.ts';
import { AudioList } from './AudioList.tsx';

const PAGE_SIZE = 10;
const FILTERS = [
  { label: 'All', value: '' },
  { label: 'Transcribed', value: 'completed' },
  { label: 'In progress', value: 'processing' },
  { label: 'Failed', value: 'failed' },
];

/** Every recording and upload of the user, newest first, with paging, a status filter and Delete. */
export function LibraryPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<Audio | null>(null);
  const list = useQuery({
    queryKey: ['audio', 'list', page, status, q],
    queryFn: () => listAudio({ page, limit: PAGE_SIZE, status: status || undefined, q: q || undefined }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (a: Audio) => deleteAudio(a.audio_id),
    onSuccess: (_r, a) => {
      setToDelete(null);
      notifications.show({ color: 'teal', message: `“${a.title}” was deleted.` });
      void queryClient.invalidateQueries({ queryKey: ['audio'] });
    },
  });
  const set = (next: Record<string, string>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next)) v ? p.set(k, v) : p.delete(k);
      return p;
    });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // The search box writes to the address after a pause in typing, so results can be shared and
  // survive a reload.
  const search = useDebouncedCallback((value: string) => set({ q: value.trim(), page: '' }), 300);
  const clearSearch = () => {
    search.cancel();
    setTyped('');
    set({ q: '', page: '' });
  };

  return (
    <PageFrame title="Your audio" lead="Every recording and upload, with where its transcription stands.">
      <Anchor component={Link} to="/home" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          Back to dashboard
        </Group>
      </Anchor>
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          <Group gap="sm" align="center" wrap="wrap">
            <TextInput
              type="search"
              placeholder="Search titles and transcripts"
              aria-label="Search titles and transcripts"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={typed}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                search(e.currentTarget.value);
              }}
              onKeyDown={(e) => e.key === 'Escape' && clearSearch()}
              style={{ flex: '1 1 240px' }}
            />
            <SegmentedControl
              data={FILTERS}
              value={status}
              onChange={(v) => set({ status: v, page: '' })}
              aria-label="Filter by status"
            />
          </Group>
          {list.isPending ? (
            <PageLoader label="Loading your audio..." />
          ) : list.error ? (
            <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 && q ? (
            <EmptyState icon={<IconSearch size={28} />} variant="light">
              <EmptyState.Title order={2}>No matches</EmptyState.Title>
              <EmptyState.Description>
                No recording has “{q}” in its title, description or transcript
                {status ? ' with this status' : ''}.
              </EmptyState.Description>
              <Button variant="default" onClick={clearSearch} mt="sm">
                Clear search
              </Button>
            </EmptyState>
          ) : list.data.items.length === 0 ? (
            <EmptyState icon={<IconMicrophone size={28} />} variant="light">
              <EmptyState.Title order={2}>{status ? 'Nothing here' : 'No recordings yet'}</EmptyState.Title>
              <EmptyState.Description>
                {status
                  ? 'No audio has this status.'
                  : 'Record in the browser or import a file; it appears here with its transcript.'}
              </EmptyState.Description>
              <Button component={Link} to="/home/audio" mt="sm">
                Start new recording
              </Button>
            </EmptyState>
          ) : (
            <>
              <AudioList items={list.data.items} onDelete={setToDelete} highlight={searchWords(q)} />
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={(p) => set({ page: String(p) })}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                />
              )}
            </>
          )}
        </Stack>
      </Card>
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete this audio?" centered>
        <Stack>
          <Text size="sm">
            “{toDelete?.title}” and its transcript will be removed for good. This cannot be undone.
          </Text>
          {remove.error && <ErrorState message={remove.error.message} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => toDelete && remove.mutate(toDelete)}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}
