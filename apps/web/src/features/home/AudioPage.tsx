import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame.tsx';
import { CapturePanel } from '../audio/CapturePanel.tsx';
import { type CaptureMode, type CaptureResult, captureModeOf } from '../audio/capture-result.ts';
import type { CapturedState } from '../items/CapturedNotice.tsx';
import { DocumentUpload } from '../items/DocumentUpload.tsx';
import { itemPath } from '../items/items-api.ts';

/**
 * The capture page: record, upload or import from a link (`?mode=record|upload|link` picks the tab). Once the server has
 * the audio, the item's own page takes over, with live progress and then the transcript. Older
 * links to an item here (`?audio=<id>`) lead to its page.
 */
export function AudioPage() {
  const { t } = useTranslation('home');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mode: CaptureMode = captureModeOf(params.get('mode'));
  const audioId = params.get('audio');

  const onModeChange = useCallback(
    (next: CaptureMode) =>
      setParams(
        (p) => {
          p.set('mode', next);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onUploaded = useCallback(
    (result: CaptureResult) => {
      // The dashboard's figures and lists now include this item.
      void queryClient.invalidateQueries({ queryKey: ['audio'] });
      void queryClient.invalidateQueries({ queryKey: ['items', 'list'] });
      // An import's page shows its fetch as progress; there is no upload to report.
      const state: CapturedState | undefined =
        result.type === 'import' ? undefined : { captured: result.type };
      void navigate(itemPath(result.audioId), { state });
    },
    [navigate, queryClient],
  );

  if (audioId) return <Navigate to={itemPath(audioId)} replace />;
  return (
    <PageFrame title={t('workflow.title')} lead={t('workflow.lead')}>
      <Group>
        <Anchor component={Link} to="/home" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('workflow.back')}
          </Group>
        </Anchor>
      </Group>
      <CapturePanel mode={mode} onModeChange={onModeChange} onUploaded={onUploaded} />
      {mode === 'upload' && <DocumentUpload variant="card" />}
    </PageFrame>
  );
}
