import { Alert, Button, FileButton, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconFileText, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n/i18n.ts';
import { api, endSession, tokens } from '../../lib/api.ts';
import { getDefaultLanguage } from '../audio/default-language.ts';
import { uploadErrorMessage } from '../audio/upload-errors.ts';
import { sendXhr } from '../audio/xhr-send.ts';
import type { CapturedState } from './CapturedNotice.tsx';
import { itemPath } from './items-api.ts';
import { DOCUMENT_ACCEPT, documentProblem, uploadDocument } from './upload-document.ts';

type State =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; progress: number }
  | { status: 'error'; message: string };

function problemText(problem: 'type' | 'size' | 'empty'): string {
  switch (problem) {
    case 'type':
      return i18n.t('items:upload.wrongType');
    case 'size':
      return i18n.t('items:upload.tooLarge');
    case 'empty':
      return i18n.t('items:upload.empty');
  }
}

/**
 * A written document (TXT, Markdown, HTML, Word) as a source to write from: chosen, checked,
 * uploaded with progress, then opened on its own item page. `card` explains itself (the capture
 * page); `button` is one button (the library).
 */
export function DocumentUpload({ variant }: { variant: 'card' | 'button' }) {
  const { t } = useTranslation('items');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'idle' });
  const reset = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    const problem = documentProblem(file);
    if (problem) {
      setState({ status: 'error', message: problemText(problem) });
      return;
    }
    setState({ status: 'uploading', name: file.name, progress: 0 });
    try {
      const data = await uploadDocument(
        { file, language: getDefaultLanguage() },
        (progress) => setState({ status: 'uploading', name: file.name, progress: Math.round(progress) }),
        {
          send: sendXhr,
          accessToken: () => tokens.getAccessToken(),
          refresh: () => api.refresh(),
          endSession,
        },
      );
      void queryClient.invalidateQueries({ queryKey: ['items', 'list'] });
      const captured: CapturedState = { captured: 'document' };
      void navigate(itemPath(data.content_id), { state: captured });
    } catch (err) {
      setState({ status: 'error', message: uploadErrorMessage(err, t('upload.failedFallback')) });
    }
  };

  const busy = state.status === 'uploading';
  const picker = (
    <FileButton onChange={(f) => void choose(f)} accept={DOCUMENT_ACCEPT} resetRef={reset} disabled={busy}>
      {(props) => (
        <Button
          {...props}
          variant={variant === 'card' ? 'light' : 'default'}
          leftSection={<IconUpload size={16} />}
          loading={busy}
        >
          {t('upload.choose')}
        </Button>
      )}
    </FileButton>
  );
  const feedback = (
    <>
      {state.status === 'uploading' && (
        <Stack gap={4}>
          <Progress value={state.progress} animated aria-label={t('upload.progress')} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('upload.uploading', { name: state.name, percent: state.progress })}
          </Text>
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('upload.failed')}
          role="alert"
        >
          <Text size="sm" data-testid="document-upload-error">
            {state.message}
          </Text>
        </Alert>
      )}
    </>
  );
  if (variant === 'button')
    return (
      <Stack gap="xs">
        {picker}
        {feedback}
      </Stack>
    );
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="document-upload-title"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
            <IconFileText size={20} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600} id="document-upload-title">
              {t('upload.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('upload.text')}
            </Text>
          </Stack>
        </Group>
        <Group>{picker}</Group>
        {feedback}
      </Stack>
    </Paper>
  );
}
