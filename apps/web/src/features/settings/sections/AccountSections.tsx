import {
  Avatar,
  Button,
  FileButton,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconLogout, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@voxpress/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format.ts';
import { initials } from '../../../lib/names.ts';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  exportLink,
  removeAvatar,
  saveName,
  signOutEverywhere,
  uploadAvatar,
} from '../../account/account-api.ts';
import { FormError } from '../../account/FormError.tsx';
import { ME_KEY } from '../../auth/auth-api.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

function useSetMe() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(ME_KEY, user);
}

/** Name and picture. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const setMe = useSetMe();
  const [name, setName] = useState(user.full_name);
  useEffect(() => setName(user.full_name), [user.full_name]);
  const rename = useMutation({ mutationFn: saveName, onSuccess: setMe });
  const picture = useMutation({ mutationFn: uploadAvatar, onSuccess: setMe });
  const unpicture = useMutation({ mutationFn: removeAvatar, onSuccess: setMe });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rename.mutate(name.trim(), {
      onSuccess: () => notifications.show({ color: 'teal', message: t('saved') }),
    });
  };
  return (
    <SettingsSection
      title={t('profile.title')}
      lead={t('profile.memberSince', { date: formatDate(new Date(user.created_at), 'long') })}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={user.profile_image} alt={t('profile.pictureAlt')} radius="xl" size={72} color="violet">
          {initials(user.full_name || user.email)}
        </Avatar>
        <Group gap="xs">
          <FileButton
            onChange={(file) => file && picture.mutate(file)}
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} />}
                loading={picture.isPending}
              >
                {t('profile.choosePicture')}
              </Button>
            )}
          </FileButton>
          {user.profile_image && (
            <Button
              variant="subtle"
              color="gray"
              onClick={() => unpicture.mutate()}
              loading={unpicture.isPending}
            >
              {t('profile.removePicture')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('profile.pictureHint')}
      </Text>
      <FormError error={picture.error ?? unpicture.error} />
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput
            label={t('profile.name')}
            name="full_name"
            autoComplete="name"
            required
            maxLength={120}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <FormError error={rename.error} />
          <Group>
            <Button type="submit" loading={rename.isPending} disabled={name.trim() === user.full_name}>
              {t('profile.saveName')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

/** A new email, confirmed with the password. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const setMe = useSetMe();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({
    mutationFn: changeEmail,
    onSuccess: (next) => {
      setMe(next);
      setEmail('');
      setPassword('');
      notifications.show({ color: 'teal', message: t('email.changed', { email: next.email }) });
    },
  });
  return (
    <SettingsSection title={t('email.title')} lead={t('email.current', { email: user.email })}>
      {user.has_password ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ email: email.trim(), current_password: password });
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('email.new')}
              type="email"
              name="new_email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label={t('currentPassword')}
              name="current_password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <FormError error={change.error} />
            <Group>
              <Button type="submit" loading={change.isPending}>
                {t('email.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm">{t('email.needsPassword')}</Text>
      )}
    </SettingsSection>
  );
}

/** A new password: other sessions end; this one goes on. */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const { replaceTokens } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (pair) => {
      replaceTokens(pair);
      setCurrent('');
      setNext('');
      notifications.show({ color: 'teal', message: t('password.changed') });
    },
  });
  return (
    <SettingsSection title={t('password.title')} lead={t('password.lead')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({ ...(user.has_password ? { current_password: current } : {}), new_password: next });
        }}
      >
        <Stack gap="sm">
          {user.has_password && (
            <PasswordInput
              label={t('currentPassword')}
              name="current_password"
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
            />
          )}
          <PasswordInput
            label={t('password.new')}
            description={t('password.rule')}
            name="new_password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
          <FormError error={change.error} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

/** Sign out on every device, this one included. */
export function SessionsSection() {
  const { t } = useTranslation('settings');
  const { endLocalSession } = useAuth();
  const everywhere = useMutation({ mutationFn: signOutEverywhere, onSuccess: endLocalSession });
  return (
    <SettingsSection title={t('sessions.title')} lead={t('sessions.lead')}>
      <FormError error={everywhere.error} />
      <Group>
        <Button
          variant="light"
          color="orange"
          leftSection={<IconLogout size={16} />}
          onClick={() => everywhere.mutate()}
          loading={everywhere.isPending}
        >
          {t('sessions.submit')}
        </Button>
      </Group>
    </SettingsSection>
  );
}

/** Download all my data as a zip. */
export function DataSection() {
  const { t } = useTranslation('settings');
  const download = useMutation({
    mutationFn: exportLink,
    // The browser downloads the zip itself (streamed, never held in the page's memory).
    onSuccess: (url) => window.location.assign(url),
  });
  return (
    <SettingsSection title={t('data.title')} lead={t('data.lead')}>
      <FormError error={download.error} />
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => download.mutate()}
          loading={download.isPending}
        >
          {t('data.submit')}
        </Button>
      </Group>
    </SettingsSection>
  );
}

/** Delete the account and everything in it, after typing the email (and the password). */
export function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const { endLocalSession } = useAuth();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      setOpen(false);
      endLocalSession();
      notifications.show({ color: 'teal', message: t('delete.done') });
    },
  });
  const matches = email.trim().toLowerCase() === user.email;
  return (
    <SettingsSection title={t('delete.title')} lead={t('delete.lead')} danger>
      <Group>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpen(true)}
        >
          {t('delete.open')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('delete.confirmTitle')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches)
              remove.mutate({
                confirm_email: email.trim(),
                ...(user.has_password ? { current_password: password } : {}),
              });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('delete.warning')}</Text>
            <TextInput
              label={t('delete.typeEmail', { email: user.email })}
              name="confirm_email"
              autoComplete="off"
              required
              data-autofocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {user.has_password && (
              <PasswordInput
                label={t('currentPassword')}
                name="current_password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            )}
            <FormError error={remove.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('delete.cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
                {t('delete.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SettingsSection>
  );
}
