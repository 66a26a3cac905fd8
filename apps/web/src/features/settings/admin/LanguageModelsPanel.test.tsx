import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminModel, AdminModels } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../../i18n/i18n.ts';
import { ADMIN_MODELS_KEY } from '../settings-api.ts';
import { LanguageModelsPanel } from './LanguageModelsPanel.tsx';

const GB = 1024 ** 3;

function model(values: Partial<AdminModel> & Pick<AdminModel, 'name'>): AdminModel {
  return {
    kind: 'language',
    bytes: 1_282_439_264,
    description: 'smallest, fastest; plain writing',
    languages: ['en', 'fr', 'de'],
    ram_bytes: Math.round(2.2 * GB),
    licence: 'Apache-2.0',
    state: 'not_downloaded',
    configured: false,
    in_use: false,
    context_tokens: 32_768,
    recommended: false,
    download: null,
    ...values,
  };
}

const whisperBase = model({
  name: 'base',
  kind: 'speech',
  bytes: 147_951_465,
  languages: null,
  ram_bytes: null,
  licence: 'MIT',
  context_tokens: null,
  configured: true,
});

function list(models: AdminModel[], language: Partial<NonNullable<AdminModels['language']>> | null = {}) {
  return {
    models_dir: '/srv/voxpress/data/models',
    models: [whisperBase, ...models],
    language:
      language === null
        ? null
        : {
            setting: null,
            model: 'qwen3-1.7b-q4',
            recommended: 'qwen3-1.7b-q4',
            free_memory_bytes: 3.5 * GB,
            cores: 2,
            ...language,
          },
  } satisfies AdminModels;
}

/** The panel as the administrator sees it; `data` undefined: the server has not answered yet. */
function render(data: AdminModels | undefined, error?: Error): string {
  // A failed answer stays failed when the panel mounts (no retry while rendering once).
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
          <LanguageModelsPanel />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The markup of one model's row. */
function row(html: string, name: string): string {
  const start = html.indexOf(`data-testid="language-model-${name}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('</tr>', start);
  return html.slice(start, end);
}

describe('the built-in language models panel in Settings → Server', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('lists every language model with size, memory, context, languages and licence, and no speech model', () => {
    const html = render(
      list([
        model({ name: 'qwen3-1.7b-q4', configured: true, recommended: true }),
        model({ name: 'qwen3-4b', bytes: 2_497_280_256, ram_bytes: Math.round(3.6 * GB) }),
      ]),
    );
    expect(html).toContain('Built-in language models');
    expect(html).not.toContain('language-model-base');
    const small = row(html, 'qwen3-1.7b-q4');
    expect(small).toContain('1.2 GB file · needs 2.2 GB of memory · 32,768 tokens of context · Apache-2.0');
    expect(small).toContain('Writes well in: English, French, German');
    expect(small).toContain('Not downloaded: 1.2 GB');
    expect(small).toContain('Download');
    expect(row(html, 'qwen3-4b')).toContain('Not downloaded: 2.3 GB');
    expect(row(html, 'qwen3-4b')).toContain('needs 3.6 GB of memory');
  });

  it('says which model the server runs, whether it was set or picked, and which fits this machine', () => {
    const picked = render(list([model({ name: 'qwen3-1.7b-q4', configured: true, recommended: true })]));
    expect(picked).toContain(
      'LLM_LOCAL_MODEL is not set: this server runs qwen3-1.7b-q4, picked for its memory and cores when it started.',
    );
    expect(picked).toContain(
      'Free memory now: 3.5 GB, CPU cores: 2. The largest model that fits: qwen3-1.7b-q4.',
    );
    expect(row(picked, 'qwen3-1.7b-q4')).toContain('Fits this server');
    expect(row(picked, 'qwen3-1.7b-q4')).toContain('Chosen, not downloaded');
    expect(row(picked, 'qwen3-1.7b-q4')).not.toContain('Set in LLM_LOCAL_MODEL');

    const set = render(
      list(
        [
          model({ name: 'qwen3-1.7b-q4', recommended: true }),
          model({ name: 'qwen3-4b', configured: true, in_use: true, state: 'ready' }),
        ],
        { setting: 'qwen3-4b', model: 'qwen3-4b' },
      ),
    );
    expect(set).toContain('LLM_LOCAL_MODEL is set: this server runs qwen3-4b.');
    const chosen = row(set, 'qwen3-4b');
    expect(chosen).toContain('Set in LLM_LOCAL_MODEL');
    expect(chosen).toContain('In use');
    expect(chosen).not.toContain('Download');
    expect(row(set, 'qwen3-1.7b-q4')).not.toContain('Set in LLM_LOCAL_MODEL');
  });

  it('shows a model on disk as ready, one downloading with its progress, and why a download failed', () => {
    const html = render(
      list([
        model({ name: 'qwen3-1.7b-q4', state: 'ready' }),
        model({
          name: 'qwen3-1.7b',
          state: 'downloading',
          download: { job_id: 'j1', status: 'running', progress: 41, error: null },
        }),
        model({
          name: 'qwen3-4b',
          state: 'failed',
          download: { job_id: 'j2', status: 'failed', progress: 3, error: 'not enough disk space' },
        }),
      ]),
    );
    expect(row(html, 'qwen3-1.7b-q4')).toContain('Ready');
    const downloading = row(html, 'qwen3-1.7b');
    expect(downloading).toContain('Downloading 41%');
    expect(downloading).toContain('aria-label="Download of qwen3-1.7b"');
    expect(downloading).not.toContain('Not downloaded');
    const failed = row(html, 'qwen3-4b');
    expect(failed).toContain('Failed: not enough disk space');
    expect(failed).toContain('role="alert"');
    // It can be tried again.
    expect(failed).toContain('Download');
  });

  it('has loading, error, empty and switched-off states', () => {
    expect(render(undefined)).toContain('aria-busy="true"');
    const failed = render(undefined, new Error('The server could not be reached.'));
    expect(failed).toContain('The server settings could not be loaded.');
    expect(failed).toContain('The server could not be reached.');
    expect(render(list([]))).toContain('No built-in language models are listed.');
    expect(render(list([], null))).toContain(
      'The built-in language model is off on this server (LLM_LOCAL_MODEL=off).',
    );
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('de');
    const html = render(list([model({ name: 'qwen3-1.7b-q4', configured: true, recommended: true })]));
    expect(html).toContain('Eingebaute Sprachmodelle');
    expect(html).toMatch(/Nicht heruntergeladen: 1,2\sGB/);
    expect(html).toContain('Schreibt gut auf: Englisch, Französisch, Deutsch');
  });
});
