import { Autocomplete, Box, Button, Group, Menu, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Speaker } from '@voxpress/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { listVoiceProfiles, VOICE_PROFILES_KEY } from '../settings/voice-profiles-api.ts';
import { mergeSpeakers, renameSpeaker, speakersKey } from './speakers-api.ts';
import { transcriptionKey } from './transcription-api.ts';

/** A voice's colour: the server's, else a steady grey. */
export const speakerColour = (speakers: Speaker[], id: string | null): string =>
  speakers.find((s) => s.id === id)?.colour ?? 'var(--mantine-color-gray-6)';

/**
 * Names for the name box: the remembered voice this one sounds like first, then the ones given in
 * this transcript, other than this voice's own, then the user's other remembered voices.
 */
export function nameSuggestions(
  speakers: Speaker[],
  id: string,
  remembered: readonly string[] = [],
): string[] {
  const suggested = speakers.find((s) => s.id === id && !s.named)?.suggested_name;
  const own = speakers.find((s) => s.id === id && s.named)?.name;
  return [
    ...new Set([
      ...(suggested ? [suggested] : []),
      ...speakers.filter((s) => s.named && s.id !== id).map((s) => s.name),
      ...remembered.filter((n) => n !== own),
    ]),
  ];
}

/**
 * A speaker's name with its colour; choosing it opens a box to name the voice (in every turn)
 * or to merge it into another voice.
 */
export function SpeakerLabel({
  audioId,
  speaker,
  name,
  speakers,
}: {
  audioId: string;
  speaker: string;
  name: string;
  speakers: Speaker[];
}) {
  const { t } = useTranslation('transcription');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const current = speakers.find((s) => s.id === speaker);
  const [value, setValue] = useState('');
  // The user's remembered voices (Settings → Remember voices), read once the box is opened.
  const profiles = useQuery({ queryKey: VOICE_PROFILES_KEY, queryFn: listVoiceProfiles, enabled: opened });
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: speakersKey(audioId) }),
      queryClient.invalidateQueries({ queryKey: transcriptionKey(audioId) }),
      // A name given with Remember voices on makes or feeds a remembered voice.
      queryClient.invalidateQueries({ queryKey: VOICE_PROFILES_KEY }),
    ]);
    setOpened(false);
  };
  const rename = useMutation({
    mutationFn: (n: string) => renameSpeaker(audioId, speaker, n),
    onSuccess: refresh,
  });
  const merge = useMutation({
    mutationFn: (into: string) => mergeSpeakers(audioId, speaker, into),
    onSuccess: refresh,
  });
  const others = speakers.filter((s) => s.id !== speaker);
  const colour = speakerColour(speakers, speaker);
  const error = rename.error ?? merge.error;
  // A voice that sounds like one the user named before (Remember voices): one click takes the name.
  const suggested = current && !current.named ? current.suggested_name : null;
  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        withArrow
        trapFocus
        returnFocus
        width={280}
      >
        <Popover.Target>
          <UnstyledButton
            onClick={() => {
              setValue(current?.named ? current.name : (suggested ?? ''));
              rename.reset();
              merge.reset();
              setOpened((o) => !o);
            }}
            aria-label={t('speakers.nameLabel', { name })}
            aria-haspopup="dialog"
            data-testid="speaker-label"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, borderRadius: 4 }}
          >
            <Box
              component="span"
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: '50%', background: colour, flexShrink: 0 }}
            />
            <Text component="span" size="sm" fw={600} style={{ color: colour }} className="speaker-name">
              {name}
            </Text>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate(value.trim());
            }}
          >
            <Stack gap="xs">
              <Autocomplete
                label={t('speakers.nameField')}
                description={t('speakers.nameHint')}
                placeholder={name}
                value={value}
                onChange={setValue}
                data={nameSuggestions(
                  speakers,
                  speaker,
                  profiles.data?.profiles.map((p) => p.name),
                )}
                maxLength={80}
                data-autofocus
                comboboxProps={{ withinPortal: false }}
              />
              {error && <ErrorState message={errorMessage(error, t('speakers.failed'))} />}
              <Group justify="space-between" gap="xs">
                {others.length > 0 ? (
                  <Menu withinPortal={false} position="bottom-start">
                    <Menu.Target>
                      <Button size="xs" variant="subtle" loading={merge.isPending}>
                        {t('speakers.mergeInto')}
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {others.map((o) => (
                        <Menu.Item key={o.id} onClick={() => merge.mutate(o.id)}>
                          {o.name}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                ) : (
                  <span />
                )}
                <Button size="xs" type="submit" loading={rename.isPending}>
                  {t('speakers.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
      {suggested && (
        <Button
          size="compact-xs"
          variant="light"
          ml={6}
          loading={rename.isPending}
          onClick={() => rename.mutate(suggested)}
          aria-label={t('speakers.acceptSuggestion', { name: suggested })}
          data-testid="speaker-suggestion"
        >
          {t('speakers.suggestion', { name: suggested })}
        </Button>
      )}
    </>
  );
}
