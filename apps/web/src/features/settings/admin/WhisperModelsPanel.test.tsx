import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminModel, AdminModels, WhisperModelSetting } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../../i18n/i18n.ts';
import { ADMIN_MODELS_KEY, WHISPER_SETTING_KEY } from '../settings-api.ts';
import { WhisperModelsPanel } from './WhisperModelsPanel.tsx';

function speech(values: Partial<AdminModel> & Pick<AdminModel, 'name'>): AdminModel {
  return {
    kind: 'speech',
    bytes: 147_951_465,
    description: 'fast, good for clear speech',
    languages: null,
    ram_bytes: 388e6,
    licence: 'MIT',
    state: 'not_downloaded',
    configured: false,
    in_use: false,
    context_tokens: null,
    recommended: false,
    download: null,
    ...values,
  };
}

const language: AdminModel = {
  ...speech({ name: 'qwen3-1.7b-q4' }),
  kind: 'language',
  languages: ['en'],
  context_tokens: 32_768,
};

const setting = (values: Partial<WhisperModelSetting> = {}): WhisperModelSetting => ({
  model: 'base',
  source: 'hardware',
  default_model: 'base',
  chosen_for: 'base: chosen for 2 cores',
  downloaded: true,
  bytes: 147_951_465,
  auto_download: true,
  ...values,
});

function list(models: AdminModel[]): AdminModels {
  return { models_dir: '/srv/voxpress/data/models', models: [...models, language], language: null };
}

/** The panel as the administrator sees it; no data: the server has not answered yet. */
function render(models?: AdminModels, chosen?: WhisperModelSetting, error?: Error): string {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  if (models) client.setQueryData(ADMIN_MODELS_KEY, models);
  if (chosen) client.setQueryData(WHISPER_SETTING_KEY, chosen);
  if (error)
    client.getQueryCache().build(client, { queryKey: ADMIN_MODELS_KEY }).setState({
      status: 'error',
      error,
      fetchStatus: 'idle',
    });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <WhisperModelsPanel />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

function row(html: string, name: string): string {
  const start = html.indexOf(`data-testid="speech-model-${name}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</tr>', start));
}

describe('the whisper models panel in Settings → Server', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('lists the speech models with their note, size and memory, the one in use and the one fitting this machine', () => {
    const html = render(
      list([
        speech({ name: 'base', state: 'ready', configured: true, in_use: true, recommended: true }),
        speech({
          name: 'small.en',
          bytes: 487_614_201,
          ram_bytes: 852e6,
          description: 'balanced, English only',
        }),
        speech({ name: 'large-v3-turbo', bytes: 1_624_555_275, ram_bytes: null }),
      ]),
      setting(),
    );
    expect(html).toContain('Speech models (whisper.cpp)');
    expect(html).not.toContain('speech-model-qwen3');
    const base = row(html, 'base');
    expect(base).toContain('Fast, good for clear speech · Multilingual');
    expect(base).toContain('141 MB file · needs about 370 MB of memory');
    expect(base).toContain('In use');
    expect(base).toContain('Fits this server');
    // The model in force is not offered again.
    expect(base).not.toContain('Use this model');
    const small = row(html, 'small.en');
    expect(small).toContain('Balanced speed and accuracy · English only');
    expect(small).toContain('Not downloaded: 465 MB');
    expect(small).toContain('aria-label="Use small.en to transcribe"');
    expect(row(html, 'large-v3-turbo')).toContain('memory needed not published');
    expect(html).toContain(
      'WHISPER_MODEL is not set: this server transcribes with base, picked for its cores and memory.',
    );
    expect(html).not.toContain('Back to the default');
  });

  it('says when a model chosen here is not in use because another speech engine comes first, and offers the default back', () => {
    const html = render(
      list([
        speech({ name: 'base', recommended: true }),
        speech({ name: 'small', state: 'ready', configured: true, in_use: false }),
      ]),
      setting({ model: 'small', source: 'saved' }),
    );
    expect(html).toContain('This server transcribes with small, chosen here.');
    expect(html).toContain(
      'Another speech engine comes first on this server, so whisper is not transcribing now.',
    );
    expect(row(html, 'small')).toContain('Not in use: another engine comes first');
    expect(row(html, 'small')).not.toContain('>In use<');
    expect(html).toContain('Back to the default (base)');
  });

  it('shows a download under way with its progress, and why one failed, in words', () => {
    const html = render(
      list([
        speech({
          name: 'small',
          state: 'downloading',
          configured: true,
          download: { job_id: 'j1', status: 'running', progress: 41, error: null },
        }),
        speech({
          name: 'medium',
          state: 'failed',
          download: {
            job_id: 'j2',
            status: 'failed',
            progress: 3,
            error: 'Could not download whisper model medium: the server could not be reached.',
          },
        }),
      ]),
      setting({ model: 'small', source: 'saved', downloaded: false }),
    );
    const small = row(html, 'small');
    expect(small).toContain('Chosen, not downloaded');
    expect(small).toContain('Downloading 41%');
    expect(small).toContain('aria-label="Download of small"');
    const medium = row(html, 'medium');
    expect(medium).toContain(
      'Failed: Could not download whisper model medium: the server could not be reached.',
    );
    expect(medium).toContain('role="alert"');
    expect(medium).toContain('Download');
    expect(html).toContain('is downloaded before the next transcription');
    // Not downloaded yet: nothing said about another engine.
    expect(html).not.toContain('Another speech engine comes first');
  });

  it('has loading, error and empty states, and speaks the interface language', async () => {
    expect(render()).toContain('aria-busy="true"');
    const failed = render(undefined, setting(), new Error('The server could not be reached.'));
    expect(failed).toContain('The server could not be reached.');
    expect(render(list([]), setting())).toContain('No speech models are listed.');
    expect(render(list([]), setting({ auto_download: false }))).toContain(
      'this server does not download models on first use',
    );
    await i18n.changeLanguage('de');
    const html = render(list([speech({ name: 'base', recommended: true })]), setting());
    expect(html).toContain('Schnell, gut bei deutlicher Sprache · Mehrsprachig');
    expect(html).toContain('Passt zu diesem Server');
  });
});
