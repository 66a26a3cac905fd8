import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminModel, AdminModels, Engines } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../../i18n/i18n.ts';
import { ADMIN_MODELS_KEY } from '../settings-api.ts';
import { SpeakerModelsSection } from './SpeakerModelsPanel.tsx';

function model(values: Partial<AdminModel> & Pick<AdminModel, 'name'>): AdminModel {
  return {
    kind: 'speakers',
    bytes: 0,
    description: 'pyannote speaker segmentation 3.0 (ONNX, sherpa-onnx)',
    languages: null,
    ram_bytes: null,
    licence: 'MIT',
    state: 'not_downloaded',
    configured: true,
    in_use: false,
    context_tokens: null,
    recommended: false,
    download: null,
    ...values,
  };
}

const whisperBase = model({ name: 'base', kind: 'speech', bytes: 147_951_465, configured: false });
const qwen = model({ name: 'qwen3-1.7b-q4', kind: 'language', bytes: 1_282_439_264, configured: false });

function list(models: AdminModel[]): AdminModels {
  return { models_dir: '/srv/voxpress/data/models', models: [whisperBase, qwen, ...models], language: null };
}

function engines(active: string | null): Engines {
  return {
    ports: [
      {
        port: 'Speakers',
        kind: 'diarizer',
        active,
        implementations: [
          {
            id: 'sherpa',
            kind: 'diarizer',
            name: 'sherpa-onnx speaker models',
            state: 'missing',
            reason: '',
          },
          { id: 'builtin', kind: 'diarizer', name: 'Built-in voice separator', state: 'active', reason: '' },
        ],
      },
    ],
  };
}

/** The panel as the administrator sees it; `data` undefined: the server has not answered yet. */
function render(data: AdminModels | undefined, served: Engines | undefined, error?: Error): string {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  if (data) client.setQueryData(ADMIN_MODELS_KEY, data);
  if (error) {
    client.getQueryCache().build(client, { queryKey: ADMIN_MODELS_KEY }).setState({
      status: 'error',
      error,
      fetchStatus: 'idle',
    });
  }
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <SpeakerModelsSection engines={served} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

function row(html: string, name: string): string {
  const start = html.indexOf(`data-testid="speaker-model-${name}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</tr>', start));
}

const segmentation = 'pyannote-segmentation-3-0';
const embedding = '3dspeaker-eres2net-base';

describe('the speaker detection panel in Settings → Server', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('lists both speaker models with what each does, size or when it is known, and licence, and no other model', () => {
    const html = render(
      list([
        model({ name: segmentation }),
        model({ name: embedding, bytes: 39_843_641, licence: 'Apache-2.0' }),
      ]),
      engines('builtin'),
    );
    expect(html).toContain('Speaker detection');
    expect(html).not.toContain('speaker-model-base');
    expect(html).not.toContain('speaker-model-qwen3');
    const seg = row(html, segmentation);
    expect(seg).toContain('Finds where each voice starts and stops');
    expect(seg).toContain('Licence: MIT');
    expect(seg.match(/size known once the download starts/g)).toHaveLength(1);
    expect(seg).toContain('Not downloaded: size known once the download starts');
    expect(seg).toContain('Download');
    expect(seg).not.toContain('0 B');
    const emb = row(html, embedding);
    expect(emb).toContain('Tells one voice from another');
    expect(emb).toContain('38 MB · licence: Apache-2.0');
    expect(emb).toContain('Not downloaded: 38 MB');
    expect(html).toContain(
      'The built-in voice separator tells speakers apart until both models are downloaded.',
    );
  });

  it('shows one model downloading with its progress, one failed with why, and then both in use', () => {
    const html = render(
      list([
        model({
          name: segmentation,
          bytes: 5_905_276,
          state: 'downloading',
          download: { job_id: 'j1', status: 'running', progress: 41, error: null },
        }),
        model({
          name: embedding,
          state: 'failed',
          download: {
            job_id: 'j2',
            status: 'failed',
            progress: 12,
            error: 'The file did not match its checksum',
          },
        }),
      ]),
      engines('builtin'),
    );
    expect(row(html, segmentation)).toContain('Downloading 41%');
    expect(row(html, segmentation)).toContain('5.6 MB');
    expect(row(html, embedding)).toContain('Failed: The file did not match its checksum');

    const done = render(
      list([
        model({ name: segmentation, bytes: 5_905_276, state: 'ready', in_use: true }),
        model({ name: embedding, bytes: 39_843_641, state: 'ready', in_use: true }),
      ]),
      engines('sherpa'),
    );
    expect(row(done, segmentation)).toContain('In use');
    expect(row(done, segmentation)).not.toContain('Download');
    expect(done).toContain('Both models are downloaded: they tell speakers apart now.');
    expect(done).not.toContain('built-in voice separator');
  });

  it('waits for the list, says when it failed, and in German says the same', async () => {
    expect(render(undefined, undefined)).toContain('aria-busy="true"');
    expect(render(undefined, undefined, new Error('Server unreachable'))).toContain('Server unreachable');
    await i18n.changeLanguage('de');
    const html = render(list([model({ name: segmentation })]), engines('builtin'));
    expect(html).toContain('Sprechererkennung');
    expect(row(html, segmentation)).toContain('Größe bekannt, sobald der Download beginnt');
  });
});
