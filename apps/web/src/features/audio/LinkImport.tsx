import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AudioImportStarted, FeedPreview } from '@voxpress/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';
import { itemPath } from '../items/items-api.ts';
import { getDefaultLanguage } from './default-language.ts';
import { FeedEpisodes } from './FeedEpisodes.tsx';
import { importFromLink, isFeed, normaliseLink } from './import-api.ts';
import { LanguagePicker } from './LanguagePicker.tsx';

export interface LinkImportProps {
  /** Called when one item is being imported: the page opens it, with its progress. */
  onImported(audioId: string): void;
  disabled?: boolean;
  onBusyChange?(busy: boolean): void;
}

type Started = { episodes: { id: string; title: string }[] };

/**
 * 'From a link': paste the address of an audio or video file, a podcast feed or a video page. A
 * file is fetched by the server (the item opens and shows its progress); a feed lists its
 * episodes to choose from, and the chosen ones are imported, each as its own item.
 */
export function LinkImport({ onImported, disabled = false, onBusyChange }: LinkImportProps) {
  const { t } = useTranslation('audio');
  const queryClient = useQueryClient();
  const [link, setLink] = useState('');
  const [title, setTitle] = useState('');
  const [language, setLanguage] = useState(getDefaultLanguage);
  const [feed, setFeed] = useState<{ url: string; preview: FeedPreview['feed'] } | null>(null);
  const [started, setStarted] = useState<Started | null>(null);

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: ['audio'] });
    void queryClient.invalidateQueries({ queryKey: ['items', 'list'] });
  };

  const check = useMutation({
    mutationFn: (url: string) =>
      importFromLink({ url, language, ...(title.trim() ? { title: title.trim() } : {}) }),
    onSuccess: (answer, url) => {
      if (isFeed(answer)) return setFeed({ url, preview: answer.feed });
      refreshLists();
      onImported(answer.audio_id);
    },
  });
  const episodes = useMutation({
    mutationFn: (urls: string[]) =>
      feed
        ? importFromLink({ url: feed.url, language, episodes: urls })
        : Promise.reject(new Error('no feed')),
    onSuccess: (answer, urls) => {
      const ids = (answer as AudioImportStarted).audio_ids;
      refreshLists();
      if (ids.length === 1 && ids[0]) return onImported(ids[0]);
      const titleOf = (url: string) => feed?.preview.episodes.find((e) => e.url === url)?.title ?? url;
      setStarted({ episodes: ids.map((id, i) => ({ id, title: titleOf(urls[i] ?? '') })) });
      setFeed(null);
    },
  });
  const busy = check.isPending || episodes.isPending;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = normaliseLink(link);
    if (!url || busy) return;
    setFeed(null);
    setStarted(null);
    episodes.reset();
    check.mutate(url);
  };

  const startOver = () => {
    setFeed(null);
    setStarted(null);
    setLink('');
    setTitle('');
    check.reset();
    episodes.reset();
  };

  if (started) {
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        title={t('link.started')}
        data-testid="link-started"
      >
        <Stack gap="xs">
          <Text size="sm">{t('link.startedBody')}</Text>
          <Stack gap={4} component="ul" m={0} ps="md">
            {started.episodes.map((e) => (
              <li key={e.id}>
                <Anchor component={Link} to={itemPath(e.id)} size="sm" dir="auto">
                  {e.title}
                </Anchor>
              </li>
            ))}
          </Stack>
          <Group>
            <Button size="xs" variant="white" onClick={startOver}>
              {t('link.another')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap="sm" component="form" onSubmit={submit} aria-busy={check.isPending}>
        <TextInput
          // Text, not url: an address typed without https:// is completed here, not refused by the browser.
          type="text"
          inputMode="url"
          autoCapitalize="none"
          spellCheck={false}
          autoComplete="url"
          label={t('link.label')}
          description={t('link.hint')}
          placeholder="https://"
          leftSection={<IconLink size={16} aria-hidden />}
          value={link}
          onChange={(e) => setLink(e.currentTarget.value)}
          disabled={disabled || busy}
          required
          data-testid="link-url"
        />
        <TextInput
          label={t('link.titleLabel')}
          description={t('link.titleHint')}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.currentTarget.value)}
          disabled={disabled || busy}
        />
        <LanguagePicker value={language} onChange={setLanguage} disabled={disabled || busy} />
        <Group>
          <Button type="submit" loading={check.isPending} disabled={disabled || !link.trim()}>
            {t('link.submit')}
          </Button>
          {check.isPending && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('link.checking')}
            </Text>
          )}
        </Group>
      </Stack>
      {(check.error || episodes.error) && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          title={t('link.failed')}
          role="alert"
          data-testid="link-error"
        >
          {errorMessage(check.error ?? episodes.error, t('link.failed'))}
        </Alert>
      )}
      {feed && (
        <FeedEpisodes
          feed={feed.preview}
          importing={episodes.isPending}
          disabled={disabled}
          onImport={(urls) => episodes.mutate(urls)}
        />
      )}
    </Stack>
  );
}
