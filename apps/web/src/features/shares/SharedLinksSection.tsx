import { Anchor, Loader, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../account/FormError.tsx';
import { SettingsSection } from '../settings/SettingsSection.tsx';
import { ShareLinkRow } from './ShareLinkRow.tsx';
import { listMyShares, revokeShare, shareKeys } from './shares-api.ts';

/** Settings → Account: every public link in force, with its item, to copy or revoke. */
export function SharedLinksSection() {
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const list = useQuery({ queryKey: shareKeys.mine, queryFn: listMyShares });
  const revoke = useMutation({
    mutationFn: revokeShare,
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all }),
  });
  return (
    <SettingsSection title={t('sharedLinks.title')} lead={t('sharedLinks.lead')}>
      <FormError error={list.error ?? revoke.error} />
      {list.isLoading && <Loader size="sm" aria-label={t('sharedLinks.loading')} />}
      {list.data?.length === 0 && <Text c="dimmed">{t('sharedLinks.empty')}</Text>}
      {list.data?.map((share) => (
        <ShareLinkRow
          key={share.id}
          share={share}
          heading={
            <Anchor
              component={Link}
              to={`/items/${share.item_id}`}
              fw={600}
              dir="auto"
              style={{ overflowWrap: 'anywhere' }}
            >
              {share.item_title}
            </Anchor>
          }
          revokeLabel={t('sharedLinks.revokeNamed', { title: share.item_title })}
          onRevoke={() => revoke.mutate(share.id)}
          revoking={revoke.isPending && revoke.variables === share.id}
        />
      ))}
    </SettingsSection>
  );
}
