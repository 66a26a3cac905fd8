import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminModel, AdminModels, Engines } from '@voxpress/contracts';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../../i18n/i18n.ts';
import { ADMIN_MODELS_KEY } from '../settings-api.ts';
import { EmbeddingModelsSection } from './EmbeddingModelsPanel.tsx';

/** What each button rendered was given: its label and what a click does. */
const buttons = vi.hoisted(() => [] as { children?: unknown; onClick?: () => void }[]);

// The page is rendered to markup (there is no document here): each button's click handler is kept
// as Mantine's Button receives it, so a test can press it.
vi.mock(import('@mantine/core'), async (importOriginal) => {
  const actual = await importOriginal();
  const { createElement } = await import('react');
  const Original = actual.Button as unknown as ComponentType<(typeof buttons)[number]>;
  const Button = (props: (typeof buttons)[number]) => {
    buttons.push(props);
    return createElement(Original, props);
  };
  return { ...actual, Button: Object.assign(Button, actual.Button) };
});

const MB = 1024 ** 2;

function model(values: Partial<AdminModel> & Pick<AdminModel, 'name'>): AdminModel {
  return {
    kind: 'embedding',
    bytes: 333_590_944,
    description: 'many languages; finds passages by meaning',
    languages: ['en', 'fr', 'de'],
    ram_bytes: 640 * MB,
    licence: 'Gemma Terms of Use',
    state: 'not_downloaded',
    configured: false,
    in_use: false,
    context_tokens: 2048,
    recommended: false,
    download: null,
    ...values,
  };
}

const gemma = 'embeddinggemma-300m';
const nomic = 'nomic-embed-text-v1.5';

/** nomic-embed-text-v1.5 as the server lists it: English only, smaller, Apache-2.0. */
const english = (values: Partial<AdminModel> = {}) =>
  model({
    name: nomic,
    bytes: 146_146_432,
    ram_bytes: 420 * MB,
    languages: ['en'],
    licence: 'Apache-2.0',
    description: 'smaller; English only',
    ...values,
  });

// Models of the other kinds, not downloaded: each would show a Download button if it were listed.
const whisperBase = model({ name: 'base', kind: 'speech', bytes: 147_951_465, languages: null });
const qwen = model({ name: 'qwen3-1.7b-q4', kind: 'language', bytes: 1_282_439_264 });
const segmentation = model({ name: 'pyannote-segmentation-3-0', kind: 'speakers', bytes: 0 });

function list(models: AdminModel[]): AdminModels {
  return {
    models_dir: '/srv/voxpress/data/models',
    models: [whisperBase, qwen, segmentation, ...models],
    language: null,
  };
}

function engines(active: string | null): Engines {
  return {
    ports: [
      {
        port: 'Meaning search',
        kind: 'embedder',
        active,
        implementations: [
          {
            id: 'remote',
            kind: 'embedder',
            name: 'OpenAI-compatible embeddings server',
            state: active === 'remote' ? 'active' : 'disabled',
            reason: '',
          },
          {
            id: 'builtin',
            kind: 'embedder',
            name: 'Built-in embedding model',
            state: active === 'builtin' ? 'active' : 'missing',
            reason: '',
          },
        ],
      },
    ],
  };
}

/** The panel as the administrator sees it; `data` undefined: the server has not answered yet. */
function render(data: AdminModels | undefined, served: Engines | undefined, error?: Error): string {
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
          <EmbeddingModelsSection engines={served} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The markup of one model's row. */
function row(html: string, name: string): string {
  const start = html.indexOf(`data-testid="embedding-model-${name}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</tr>', start));
}

describe('the embedding models panel in Settings → Server', () => {
  afterEach(async () => {
    buttons.length = 0;
    vi.unstubAllGlobals();
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('lists the embedding models only, each with size, memory, languages, licence and state', () => {
    const html = render(
      list([model({ name: gemma, configured: true, recommended: true }), english()]),
      engines(null),
    );
    expect(html).toContain('Embedding models');
    expect(html).toContain('Let Ask find passages by meaning, not only by the words you type.');
    expect(html).toContain('EMBEDDING_MODEL chooses the model the server uses once it is downloaded.');
    expect(html.match(/data-testid="embedding-model-/g)).toHaveLength(2);
    expect(html).not.toContain('embedding-model-base');
    expect(html).not.toContain('qwen3');
    expect(html).not.toContain('pyannote');

    const many = row(html, gemma);
    expect(many).toContain('318 MB file · needs 640 MB of memory · licence: Gemma Terms of Use');
    expect(many).toContain('Languages: English, French, German');
    expect(many).toContain('Recommended');
    expect(many).not.toContain('Fits this server');
    expect(many).toContain('Chosen, not downloaded');
    expect(many).toContain('Not downloaded: 318 MB');
    expect(many).toContain('Download');

    const one = row(html, nomic);
    expect(one).toContain('139 MB file · needs 420 MB of memory · licence: Apache-2.0');
    expect(one).toContain('Languages: English<');
    expect(one).not.toContain('Recommended');
    expect(one).not.toContain('Chosen');
    expect(html).toContain('Nothing finds passages by meaning now: Ask finds them by their words alone.');
  });

  it('shows a model in use, one downloading with its progress, and why a download failed', () => {
    const html = render(
      list([
        model({
          name: gemma,
          state: 'downloading',
          download: { job_id: 'j1', status: 'running', progress: 41, error: null },
        }),
        english({
          state: 'failed',
          download: { job_id: 'j2', status: 'failed', progress: 3, error: 'not enough disk space' },
        }),
      ]),
      engines(null),
    );
    const downloading = row(html, gemma);
    expect(downloading).toContain('Downloading 41%');
    expect(downloading).toContain(`aria-label="Download of ${gemma}"`);
    expect(downloading).not.toContain('Not downloaded');
    const failed = row(html, nomic);
    expect(failed).toContain('Failed: not enough disk space');
    expect(failed).toContain('role="alert"');
    // It can be tried again.
    expect(failed).toContain('Download');

    const used = render(
      list([
        model({ name: gemma, state: 'ready', configured: true, in_use: true }),
        english({ state: 'ready' }),
      ]),
      engines('builtin'),
    );
    expect(row(used, gemma)).toContain('In use');
    expect(row(used, gemma)).not.toContain('Download');
    expect(row(used, nomic)).toContain('Ready');
    expect(row(used, nomic)).not.toContain('In use');
    expect(used).toContain(`${gemma} finds passages by meaning now.`);
  });

  it('says when the chosen model is not used, and when an embeddings server finds by meaning instead', () => {
    const html = render(
      list([model({ name: gemma, state: 'ready', configured: true }), english()]),
      engines('remote'),
    );
    expect(row(html, gemma)).toContain('Chosen, not in use');
    expect(row(html, gemma)).not.toContain('another engine comes first');
    expect(html).toContain(
      'An embeddings server (EMBEDDING_BASE_URL) finds passages by meaning now, so these models are not used.',
    );
    // A model file of its own in EMBEDDING_MODEL: none of the listed models is the one in use.
    expect(render(list([english()]), engines('builtin'))).toContain(
      'The model file named in EMBEDDING_MODEL finds passages by meaning now.',
    );
  });

  it('starts the download of the model whose Download button is pressed', async () => {
    render(
      list([model({ name: gemma, state: 'ready', configured: true, in_use: true }), english()]),
      engines('builtin'),
    );
    // One button: nomic's. The other kinds' models, not downloaded either, are not listed.
    const downloads = buttons.filter((b) => b.children === 'Download');
    expect(downloads).toHaveLength(1);
    const asked = new Promise<{ url: string; method: string | undefined }>((resolve) => {
      vi.stubGlobal('window', {
        fetch: (url: string, init: RequestInit) => {
          resolve({ url, method: init.method });
          return Promise.resolve(
            Response.json({ job_id: 'j3', stream_url: '/api/v1/admin/jobs/j3/events' }, { status: 202 }),
          );
        },
      });
    });
    downloads[0]?.onClick?.();
    expect(await asked).toEqual({ url: `/api/v1/admin/models/${nomic}/download`, method: 'POST' });
  });

  it('waits for the list, says when it failed or is empty, and speaks the interface language', async () => {
    expect(render(undefined, undefined)).toContain('aria-busy="true"');
    const failed = render(undefined, undefined, new Error('The server could not be reached.'));
    expect(failed).toContain('The server settings could not be loaded.');
    expect(failed).toContain('The server could not be reached.');
    expect(render(list([]), engines(null))).toContain('No embedding models are listed.');

    await i18n.changeLanguage('de');
    const html = render(list([english({ configured: true })]), engines(null));
    expect(html).toContain('Embedding-Modelle');
    expect(row(html, nomic)).toContain('Sprachen: Englisch');
    expect(row(html, nomic)).toMatch(/Nicht heruntergeladen: 139\sMB/);
  });
});
