import { Anchor, Badge, Card, Group, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUpload, IconLink, IconMicrophone, IconWaveSine } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CaptureMode, type CaptureResult, captureModeOf } from './capture-result.ts';
import { LinkImport } from './LinkImport.tsx';
import { Recorder } from './Recorder.tsx';
import { UploadForm } from './UploadForm.tsx';
import './capture-tabs.css';

export interface CapturePanelProps {
  /** Called when the server has the audio and transcription has been asked for. */
  onUploaded(result: CaptureResult): void;
  /** Locks every control, e.g. while the page is still processing an earlier audio. */
  disabled?: boolean;
  /** The tab shown first when uncontrolled (default: record). */
  defaultMode?: CaptureMode;
  /** The tab shown, when the parent controls it (e.g. from the URL). */
  mode?: CaptureMode;
  /** Told when the user switches tabs (the page keeps it in the URL). */
  onModeChange?(mode: CaptureMode): void;
}

/**
 * The 'Capture Audio' card: record in the browser, upload a file, or import from a link. The tabs
 * stay mounted, so a recording keeps going (and a finished one stays) while another tab is open.
 */
export function CapturePanel({
  onUploaded,
  disabled = false,
  defaultMode = 'record',
  mode: controlledMode,
  onModeChange,
}: CapturePanelProps) {
  const { t } = useTranslation('audio');
  const [innerMode, setMode] = useState<CaptureMode>(defaultMode);
  const mode = controlledMode ?? innerMode;
  const [recorderBusy, setRecorderBusy] = useState(false);
  const [uploadBusy, setUploadBusy] = useState(false);

  const switchTo = useCallback(
    (next: CaptureMode) => {
      setMode(next);
      onModeChange?.(next);
    },
    [onModeChange],
  );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="capture-audio-title">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={36} radius="md" variant="light" aria-hidden>
          <IconWaveSine size={20} />
        </ThemeIcon>
        <Title order={2} fz="h3" id="capture-audio-title">
          {t('capture.title')}
        </Title>
      </Group>
      <Tabs
        className="vx-capture-tabs"
        value={mode}
        onChange={(value) => value && switchTo(captureModeOf(value))}
        // Tight enough that the three tabs fit side by side at 390 px (see capture-tabs.css).
        styles={{ tab: { paddingInline: 'var(--mantine-spacing-xs)' } }}
      >
        <Tabs.List grow mb="lg">
          <Tabs.Tab
            value="record"
            leftSection={<IconMicrophone size={16} aria-hidden />}
            rightSection={
              recorderBusy && mode !== 'record' ? (
                <Badge size="xs" color="red" variant="filled">
                  {t('capture.live')}
                </Badge>
              ) : undefined
            }
          >
            {t('capture.recordTab')}
          </Tabs.Tab>
          <Tabs.Tab
            value="upload"
            leftSection={<IconFileUpload size={16} aria-hidden />}
            rightSection={
              uploadBusy && mode !== 'upload' ? (
                <Badge size="xs" variant="light">
                  {t('capture.uploading')}
                </Badge>
              ) : undefined
            }
          >
            {t('capture.uploadTab')}
          </Tabs.Tab>
          <Tabs.Tab value="link" leftSection={<IconLink size={16} aria-hidden />}>
            {t('capture.linkTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="record">
          <Recorder onUploaded={onUploaded} disabled={disabled} onBusyChange={setRecorderBusy} />
        </Tabs.Panel>
        <Tabs.Panel value="upload">
          <UploadForm onUploaded={onUploaded} disabled={disabled} onBusyChange={setUploadBusy} />
        </Tabs.Panel>
        <Tabs.Panel value="link">
          <LinkImport onImported={(audioId) => onUploaded({ audioId, type: 'import' })} disabled={disabled} />
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" ta="center" mt="lg">
        {mode === 'record' ? (
          <Anchor component="button" type="button" onClick={() => switchTo('upload')}>
            {t('capture.toUpload')}
          </Anchor>
        ) : (
          <Anchor component="button" type="button" onClick={() => switchTo('record')}>
            {t('capture.toRecord')}
          </Anchor>
        )}
      </Text>
    </Card>
  );
}
