import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminModels, EngineImplementation, Engines, User } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { ENGINES_KEY } from '../help/engines-api.ts';
import { ADMIN_MODELS_KEY } from '../settings/settings-api.ts';
import { needsWriterModel, WriterModelOfferFor } from './WriterModelOffer.tsx';

const writer = (active: string | null, local: Partial<EngineImplementation> | null): Engines => ({
  ports: [
    {
      port: 'Writer',
      kind: 'writer',
      active,
      implementations: [
        { id: 'ollama', kind: 'writer', name: 'Ollama', state: 'missing', reason: 'Not running' },
        ...(local
          ? [
              {
                id: 'local',
                kind: 'writer' as const,
                name: 'Built-in local model',
                state: 'missing' as const,
                reason: 'Built-in model qwen3-1.7b-q4: not downloaded: 1.2 GB',
                model: { name: 'qwen3-1.7b-q4', state: 'not_downloaded' as const, bytes: 1_282_439_264 },
                ...local,
              },
            ]
          : []),
        { id: 'composer', kind: 'writer', name: 'Built-in composer', state: 'active', reason: 'Offline' },
      ],
    },
  ],
});

const models = (download: AdminModels['models'][number]['download'] = null): AdminModels => ({
  models_dir: '/data/models',
  language: {
    setting: null,
    model: 'qwen3-1.7b-q4',
    recommended: 'qwen3-1.7b-q4',
    free_memory_bytes: 3 * 1024 ** 3,
    cores: 2,
  },
  models: [
    {
      name: 'qwen3-1.7b-q4',
      kind: 'language',
      bytes: 1_282_439_264,
      description: 'smallest',
      languages: ['en'],
      ram_bytes: 2.2 * 1024 ** 3,
      licence: 'Apache-2.0',
      state:
        download?.status === 'running'
          ? 'downloading'
          : download?.status === 'failed'
            ? 'failed'
            : 'not_downloaded',
      configured: true,
      in_use: false,
      context_tokens: 32_768,
      recommended: true,
      download,
    },
  ],
});

function render(isAdmin: boolean, engines: Engines, list?: AdminModels): string {
  const user = { id: 'u1', is_admin: isAdmin } as User;
  const client = new QueryClient();
  client.setQueryData([...ENGINES_KEY, user.id], engines);
  if (list) client.setQueryData(ADMIN_MODELS_KEY, list);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <WriterModelOfferFor auth={{ status: 'signed-in', user }} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the built-in model offered where content is written', () => {
  it('offers the administrator the download of the model the server would run, with its size', () => {
    const html = render(true, writer('composer', {}), models());
    expect(html).toContain('No language model is ready');
    expect(html).toContain(
      'Download the built-in model qwen3-1.7b-q4 (1.2 GB) once, and this server writes them itself.',
    );
    expect(html).toContain('Download');
    expect(html).not.toContain('Ask your administrator');
  });

  it('follows a download under way, and says why one failed', () => {
    const running = render(
      true,
      writer('composer', { model: { name: 'qwen3-1.7b-q4', state: 'downloading', percent: 41 } }),
      models({ job_id: 'j1', status: 'running', progress: 41, error: null }),
    );
    expect(running).toContain('Downloading 41%');
    const failed = render(
      true,
      writer('composer', {}),
      models({ job_id: 'j2', status: 'failed', progress: 0, error: 'not enough disk space' }),
    );
    expect(failed).toContain('Failed: not enough disk space');
  });

  it('tells anyone else to ask the administrator', () => {
    const html = render(false, writer('composer', {}));
    expect(html).toContain(
      'Ask your administrator to download the built-in language model for written content.',
    );
    expect(html).not.toContain('Download the built-in model');
  });

  it('says nothing while a language model writes, or when the built-in one is off or on disk', () => {
    const silent = (html: string) => expect(html).not.toContain('writer-model-offer');
    silent(render(true, writer('ollama', {}), models()));
    silent(render(false, writer('local', { model: { name: 'qwen3-1.7b-q4', state: 'downloaded' } })));
    silent(render(false, writer('composer', null)));
    silent(render(false, writer('composer', { state: 'disabled' })));
    expect(render(false, writer('composer', {}))).toContain('writer-model-offer');
    expect(needsWriterModel({ ports: [] })).toBe(false);
  });
});
