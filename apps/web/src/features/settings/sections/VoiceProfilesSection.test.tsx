import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { VoiceProfiles } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../../i18n/i18n.ts';
import { VOICE_PROFILES_KEY } from '../voice-profiles-api.ts';
import { VoiceProfilesPanel } from './VoiceProfilesSection.tsx';

/** The section once the server answered with `data` (none: still loading; an Error: failed). */
function render(remember: boolean, data?: VoiceProfiles | Error): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  if (data instanceof Error)
    client
      .getQueryCache()
      .build(client, { queryKey: VOICE_PROFILES_KEY })
      .setState({ status: 'error', error: data, fetchStatus: 'idle' });
  else if (data) client.setQueryData(VOICE_PROFILES_KEY, data);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <VoiceProfilesPanel remember={remember} onRemember={async () => {}} saving={false} error={null} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const ana = {
  id: '7d3c1e9a-2b4f-4c6d-8e0f-1a2b3c4d5e6f',
  name: 'Ana',
  recordings: 3,
  updated_at: '2026-11-20T10:00:00Z',
};

describe('Settings → Voice profiles', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('says what is stored beside the switch, and lists each remembered voice with rename and delete', () => {
    const html = render(true, { profiles: [ana] });
    expect(html).toContain('Remember voices');
    expect(html).toContain(
      'A voice print — numbers that describe how a voice sounds, not a recording — is kept for each speaker you name.',
    );
    expect(html).toContain('Ana');
    expect(html).toContain('Recordings: 3');
    expect(html).toContain('aria-label="Rename Ana"');
    expect(html).toContain('aria-label="Delete Ana"');
    expect(html).toContain('Deleting a recording keeps the voices named in it');
  });

  it('says how to fill the list when it is empty, on or off', () => {
    expect(render(true, { profiles: [] })).toContain('No voices remembered yet.');
    expect(render(false, { profiles: [] })).toContain('Turn on Remember voices');
  });

  it('shows loading, then a failure with a retry', () => {
    expect(render(true)).toContain('aria-label="Loading voice profiles"');
    const failed = render(true, new Error('Failed to fetch'));
    expect(failed).toContain('Voice profiles could not be loaded');
    expect(failed).not.toContain('No voices remembered yet.');
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('es');
    const html = render(true, { profiles: [ana] });
    expect(html).toContain('Recordar voces');
    expect(html).toContain('Grabaciones: 3');
  });
});
