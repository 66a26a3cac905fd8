import { ActionIcon, Button, Group, Modal, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoiceProfile } from '@voxpress/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/PageState.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { loadErrorMessage } from '../../../lib/load-error.ts';
import { FormError } from '../../account/FormError.tsx';
import { SettingsSection } from '../SettingsSection.tsx';
import { useUserSettings } from '../use-user-settings.ts';
import {
  deleteVoiceProfile,
  listVoiceProfiles,
  renameVoiceProfile,
  VOICE_PROFILES_KEY,
} from '../voice-profiles-api.ts';

/**
 * Remember voices (off unless chosen) and the voices remembered: each named speaker's print is
 * kept so later recordings can suggest the name; rename or forget each, or turn it all off.
 */
export function VoiceProfilesSection() {
  const { settings, save, saving, error } = useUserSettings();
  return (
    <VoiceProfilesPanel
      remember={settings ? settings.remember_voices : null}
      onRemember={(next) => save({ remember_voices: next })}
      saving={saving}
      error={error}
    />
  );
}

/**
 * The section itself: `remember` is the setting (null until the user's settings are known),
 * `onRemember` saves it.
 */
export function VoiceProfilesPanel({
  remember,
  onRemember,
  saving,
  error,
}: {
  remember: boolean | null;
  onRemember(next: boolean): Promise<unknown>;
  saving: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const list = useQuery({ queryKey: VOICE_PROFILES_KEY, queryFn: listVoiceProfiles });
  const [confirmOff, setConfirmOff] = useState(false);
  const on = remember ?? false;
  const profiles = list.data?.profiles;

  const turn = (next: boolean) =>
    void onRemember(next)
      .then(() => {
        setConfirmOff(false);
        notifications.show({ color: 'teal', message: t('saved') });
        return client.invalidateQueries({ queryKey: VOICE_PROFILES_KEY });
      })
      .catch(() => undefined);
  const remove = useMutation({
    mutationFn: deleteVoiceProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: VOICE_PROFILES_KEY }),
  });

  return (
    <SettingsSection title={t('voiceProfiles.title')} lead={t('voiceProfiles.lead')}>
      <Switch
        checked={on}
        disabled={remember === null || saving}
        label={t('voiceProfiles.remember')}
        description={t('voiceProfiles.stored')}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          // Turning it off deletes every print: asked first unless the list is known to be empty.
          if (!next && profiles?.length !== 0) setConfirmOff(true);
          else turn(next);
        }}
      />
      <FormError error={error} />
      {list.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('voiceProfiles.loading')}>
          <Skeleton h={36} radius="sm" />
          <Skeleton h={36} radius="sm" />
        </Stack>
      ) : list.isError ? (
        <ErrorState
          title={t('voiceProfiles.loadFailed')}
          message={loadErrorMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : profiles?.length ? (
        <Stack gap="sm" data-testid="voice-profiles">
          {profiles.map((profile) => (
            <ProfileRow
              key={profile.id}
              profile={profile}
              onDelete={() => remove.mutate(profile.id)}
              deleting={remove.isPending && remove.variables === profile.id}
            />
          ))}
          <FormError error={remove.error} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {on ? t('voiceProfiles.emptyOn') : t('voiceProfiles.emptyOff')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('voiceProfiles.itemsKeep')}
      </Text>
      <Modal
        opened={confirmOff}
        onClose={() => setConfirmOff(false)}
        title={t('voiceProfiles.offTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('voiceProfiles.offBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmOff(false)}>
              {t('voiceProfiles.keep')}
            </Button>
            <Button color="red" loading={saving} onClick={() => turn(false)}>
              {t('voiceProfiles.offConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}

function ProfileRow({
  profile,
  onDelete,
  deleting,
}: {
  profile: VoiceProfile;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(profile.name);
  const rename = useMutation({
    mutationFn: () => renameVoiceProfile(profile.id, name.trim()),
    onSuccess: () => {
      setEditing(false);
      return client.invalidateQueries({ queryKey: VOICE_PROFILES_KEY });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate();
  };

  if (editing)
    return (
      <form onSubmit={submit}>
        <Stack gap="xs">
          <TextInput
            label={t('voiceProfiles.name')}
            value={name}
            maxLength={80}
            required
            data-autofocus
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <FormError error={rename.error} />
          <Group gap="sm">
            <Button type="submit" size="compact-sm" loading={rename.isPending} disabled={!name.trim()}>
              {t('save')}
            </Button>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => {
                setEditing(false);
                setName(profile.name);
                rename.reset();
              }}
            >
              {t('voiceProfiles.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {profile.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('voiceProfiles.recordings', { recordings: profile.recordings })}
          {' · '}
          {t('voiceProfiles.updated', { date: formatDate(new Date(profile.updated_at)) })}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => setEditing(true)}
          aria-label={t('voiceProfiles.renameNamed', { name: profile.name })}
          title={t('voiceProfiles.rename')}
        >
          <IconPencil size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={onDelete}
          loading={deleting}
          aria-label={t('voiceProfiles.deleteNamed', { name: profile.name })}
          title={t('voiceProfiles.delete')}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
