import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconDots, IconEdit, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Content, TranslationStatus } from '@voxpress/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { contentTypeLabel, platformLabel } from '../../i18n/terms.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { languageName } from '../audio/language-fields.ts';
import { InfographicsPanel } from '../infographics/InfographicsPanel.tsx';
import { PublishingPanel } from '../publishing/PublishingPanel.tsx';
import { ContentBlocks } from './ContentBlocks.tsx';
import { ContentDetailsView } from './ContentDetailsView.tsx';
import { deleteContent, sourceContentKey } from './content-api.ts';
import { GroundedList } from './GroundedList.tsx';
import { PieceEditor } from './PieceEditor.tsx';
import { PieceExtras } from './PieceExtras.tsx';
import { WriterNote } from './WriterNote.tsx';

/**
 * One piece of content (spec §2 Content viewer): its title, an edit button, the text of the chosen
 * language (a tab per language with its status), platform badges, word count and delete. Paragraphs
 * play the recording from where they were said; key points, quotes and the type's own fields
 * follow. `followError` is why following the piece live failed: its pending languages show failed.
 */
export function ContentViewer({
  piece,
  followError,
  onDeleted,
}: {
  piece: Content;
  followError: string | null;
  onDeleted(): void;
}) {
  const { t } = useTranslation('content');
  const titleId = useId();
  const languages = piece.metadata.languages.length ? piece.metadata.languages : [piece.language];
  const [tab, setTab] = useState(languages[0] ?? piece.language);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const language = languages.includes(tab) ? tab : (languages[0] ?? piece.language);
  const translation = piece.metadata.translations[language];
  const statusOf = (l: string): TranslationStatus => {
    const s = piece.metadata.translations[l]?.status ?? piece.metadata.translation_status[l] ?? 'pending';
    return s === 'pending' && followError ? 'failed' : s;
  };
  const status = statusOf(language);
  const first = language === piece.language;
  const words = translation?.metadata.word_count ?? 0;

  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      component="article"
      aria-labelledby={titleId}
      data-testid="content-viewer"
    >
      <Stack gap="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Badge variant="light">{contentTypeLabel(piece.content_type)}</Badge>
              {piece.metadata.service_used && piece.metadata.service_used !== 'composer' && (
                <Badge variant="outline" color="gray" tt="none">
                  {t('viewer.writtenBy', { engine: piece.metadata.service_used })}
                </Badge>
              )}
            </Group>
            <Title order={3} id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {(status === 'completed' && translation?.title) ||
                piece.title ||
                contentTypeLabel(piece.content_type)}
            </Title>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {!editing && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                disabled={status !== 'completed'}
                onClick={() => setEditing(true)}
              >
                {t('viewer.edit.button')}
              </Button>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('viewer.more')}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirm(true)}>
                  {t('viewer.delete.button')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <WriterNote piece={piece} />
        {piece.failed_languages.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="failed-languages"
          >
            {t('viewer.failedLanguages', {
              languages: piece.failed_languages.map((l) => languageName(l)).join(', '),
            })}
          </Alert>
        )}
        {languages.length > 1 ? (
          <Tabs
            value={language}
            onChange={(v) => {
              if (!v) return;
              setTab(v);
              setEditing(false);
            }}
            keepMounted={false}
          >
            <Tabs.List>
              {languages.map((l) => (
                <Tabs.Tab key={l} value={l} rightSection={<StatusMark status={statusOf(l)} />}>
                  {languageName(l)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        ) : null}
        <LanguageStatus status={status} language={language} error={translation?.error ?? followError} />
        {status === 'completed' && translation?.quality === 'low' && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('viewer.lowQuality', { language: languageName(language) })}
            data-testid="translation-low-quality"
          >
            {translation.warning}
          </Alert>
        )}
        {status === 'completed' &&
          translation &&
          (editing ? (
            <PieceEditor key={language} piece={piece} language={language} onClose={() => setEditing(false)} />
          ) : (
            <ContentBlocks blocks={translation.blocks} />
          ))}
        {status === 'completed' && first && piece.body && !editing && (
          <>
            <GroundedList title={t('viewer.keyPoints')} items={piece.body.key_points} />
            <GroundedList title={t('viewer.quotes')} items={piece.body.quotes} quotes />
            <ContentDetailsView details={piece.body.details} />
          </>
        )}
        <Group gap="xs" justify="space-between">
          <Group gap={6}>
            {piece.metadata.target_blog_platforms.map((p) => (
              <Badge key={p} variant="dot" color="grape" tt="none" data-testid="platform-badge">
                {platformLabel(p)}
              </Badge>
            ))}
          </Group>
          {status === 'completed' && (
            <Text size="sm" c="dimmed">
              {t('viewer.words', { count: words, formatted: formatNumber(words) })}
            </Text>
          )}
        </Group>
        {status === 'completed' && !editing && <InfographicsPanel piece={piece} language={language} />}
      </Stack>
      {piece.status === 'completed' && <PieceExtras piece={piece} language={language} />}
      {translation?.status === 'completed' && <PublishingPanel piece={piece} language={language} />}
      <DeleteDialog piece={piece} opened={confirm} onClose={() => setConfirm(false)} onDeleted={onDeleted} />
    </Card>
  );
}

/** A language tab's status: a spinner while pending, a tick when done, a cross when it failed. */
function StatusMark({ status }: { status: TranslationStatus }) {
  const { t } = useTranslation('content');
  const label =
    status === 'pending'
      ? t('viewer.status.pending')
      : status === 'completed'
        ? t('viewer.status.completed')
        : t('viewer.status.failed');
  return (
    <Group gap={2} wrap="nowrap" aria-label={label} role="img">
      {status === 'pending' ? (
        <Loader size={12} />
      ) : status === 'completed' ? (
        <IconCheck size={14} color="var(--mantine-color-teal-6)" />
      ) : (
        <IconX size={14} color="var(--mantine-color-red-6)" />
      )}
    </Group>
  );
}

/** What the chosen language is doing, when it is not simply there to read. */
function LanguageStatus({
  status,
  language,
  error,
}: {
  status: TranslationStatus;
  language: string;
  error: string | null | undefined;
}) {
  const { t } = useTranslation('content');
  if (status === 'pending')
    return (
      <Group gap="xs" role="status" py="lg" justify="center">
        <Loader size="sm" />
        <Text c="dimmed">{t('viewer.status.pending')}</Text>
      </Group>
    );
  if (status === 'failed')
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('viewer.status.failed')}
      >
        <Text size="sm">{error || t('viewer.notAvailable', { language: languageName(language) })}</Text>
      </Alert>
    );
  return (
    <Text size="xs" c="teal" fw={600} role="status">
      {t('viewer.status.completed')}
    </Text>
  );
}

function DeleteDialog({
  piece,
  opened,
  onClose,
  onDeleted,
}: {
  piece: Content;
  opened: boolean;
  onClose(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('content');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteContent(piece.id),
    onSuccess: () => {
      onClose();
      notifications.show({ color: 'teal', message: t('viewer.delete.done') });
      void queryClient.invalidateQueries({ queryKey: sourceContentKey(piece.transcription_id) });
      onDeleted();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('viewer.delete.title')} centered>
      <Stack>
        <Text size="sm">{t('viewer.delete.text', { type: contentTypeLabel(piece.content_type) })}</Text>
        {remove.error && <ErrorState message={errorMessage(remove.error)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('viewer.delete.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            {t('viewer.delete.button')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
