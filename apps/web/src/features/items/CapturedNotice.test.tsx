import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Audio, Item } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { audioKey } from '../transcription/transcription-api.ts';
import { CapturedNotice, type CapturedState } from './CapturedNotice.tsx';

const at = '2026-11-27T10:00:00.000Z';

function audioIn(status: Pick<Audio, 'status' | 'transcription_status' | 'transcription_id'>): Audio {
  return {
    audio_id: 'a1',
    id: 'a1',
    title: 'Standup',
    description: null,
    source: 'upload',
    file_name: 'standup.mp3',
    file_format: 'mp3',
    mime_type: 'audio/mpeg',
    file_size_bytes: 1_048_576,
    duration_s: 12,
    codec: 'mp3',
    language: 'en-US',
    progress: { percent: 10, message: null },
    error: null,
    created_at: at,
    updated_at: at,
    ...status,
  };
}

const processing = audioIn({
  status: 'processing',
  transcription_status: 'processing',
  transcription_id: null,
});
const completed = audioIn({ status: 'completed', transcription_status: 'completed', transcription_id: 't1' });
const failed = audioIn({ status: 'failed', transcription_status: 'failed', transcription_id: null });

function itemWith(audio: Audio | null): Item {
  return {
    id: 'a1',
    kind: audio ? 'audio' : 'document',
    title: 'Standup',
    description: null,
    language: 'en-US',
    transcription_id: audio?.transcription_id ?? 'd1',
    audio,
    created_at: at,
    updated_at: at,
  };
}

/** The item page right after a capture, with what the live workflow has put in the cache. */
function render(captured: CapturedState['captured'], item: Item, live?: Audio): string {
  const client = new QueryClient();
  if (live) client.setQueryData(audioKey(item.id), live);
  const state: CapturedState = { captured };
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[{ pathname: `/items/${item.id}`, state }]}>
            <CapturedNotice item={item} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the notice after a capture', () => {
  it('says the upload went through while the transcript is being made', () => {
    expect(render('upload', itemWith(processing))).toContain('Upload Successful!');
    expect(render('recording', itemWith(processing))).toContain(
      'Upload complete — transcription is starting',
    );
  });

  it('goes away once the live workflow reports the transcript done', () => {
    for (const captured of ['upload', 'recording'] as const) {
      const html = render(captured, itemWith(processing), completed);
      expect(html).not.toContain('captured-notice');
      expect(html).not.toContain('Upload Successful!');
      expect(html).not.toContain('transcription is starting');
    }
  });

  it('goes away when the item read again is already transcribed, or has failed', () => {
    expect(render('upload', itemWith(completed))).not.toContain('captured-notice');
    expect(render('recording', itemWith(processing), failed)).not.toContain('captured-notice');
  });

  it('stays for a written document, which has no transcript to wait for', () => {
    expect(render('document', itemWith(null))).toContain('Document uploaded');
  });
});
