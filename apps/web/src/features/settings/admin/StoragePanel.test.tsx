import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StorageSpace } from '@voxpress/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, SOURCE_LANGUAGE } from '../../../i18n/i18n.ts';
import { StoragePanel } from './StoragePanel.tsx';
import { STORAGE_SPACE_KEY } from './storage-api.ts';

const GB = 1024 ** 3;

function space(values: Partial<StorageSpace>): StorageSpace {
  return {
    data_dir: '/srv/voxpress/data',
    free_bytes: 120 * GB,
    total_bytes: 200 * GB,
    low_below_bytes: 10 * GB,
    low: false,
    blobs: 'local',
    ...values,
  };
}

/** The panel as the administrator sees it once the server has answered with `data`. */
function render(data: StorageSpace): string {
  const client = new QueryClient();
  client.setQueryData(STORAGE_SPACE_KEY, data);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <StoragePanel />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the disk space panel in Settings → Server', () => {
  afterEach(async () => {
    await i18n.changeLanguage(SOURCE_LANGUAGE);
  });

  it('shows the free space of the data folder and where it is, with no warning while there is room', () => {
    const html = render(space({}));
    expect(html).toContain('Disk space');
    expect(html).toContain('120 GB free of 200 GB');
    expect(html).toContain('/srv/voxpress/data');
    expect(html).toContain('40% of the disk in use');
    expect(html).not.toContain('The disk is nearly full');
  });

  it('warns once free space is below the threshold, naming it', () => {
    const html = render(
      space({ free_bytes: 300 * 1024 ** 2, total_bytes: 8 * GB, low_below_bytes: GB, low: true }),
    );
    expect(html).toContain('The disk is nearly full');
    expect(html).toContain('Less than 1 GB is free.');
    expect(html).toContain('300 MB free of 8 GB');
  });

  it('says what the disk still holds when files live in S3, in the interface language', async () => {
    expect(render(space({ blobs: 's3' }))).toContain('Stored files are kept in the S3 bucket');
    expect(render(space({}))).not.toContain('S3 bucket');
    await i18n.changeLanguage('de');
    const html = render(space({ low: true, free_bytes: GB / 2, low_below_bytes: GB }));
    expect(html).toContain('Der Datenträger ist fast voll');
    // German puts a no-break space between number and unit.
    expect(html).toMatch(/Es sind weniger als 1\sGB frei\./);
  });
});
