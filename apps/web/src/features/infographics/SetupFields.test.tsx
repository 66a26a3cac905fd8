// The QR code option: offered only when the item has a share link in force, ticked by default
// with the brand, and sent as what the user sees (never drawn unasked).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { SetupFields } from './SetupFields.tsx';
import { designOf, type InfographicSetup, setupOf } from './setup.ts';

const suggestion = {
  content_type: 'meeting_notes',
  target_audience: 'general',
  cultural_context: 'international',
} as const;
const LINK = 'https://www.vox.example.org/s/Qk3vR8xZp1LmN0aB7cD2eF9gH4iJ5kL6mN7oP8qR9sT';

/** The fields as the dialog draws them, in English. */
function fieldsHtml(setup: InfographicSetup): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <SetupFields setup={setup} onChange={() => {}} sizes={['1080x1080']} onSizes={() => {}} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the QR code option', () => {
  it('is not offered without a share link, and the request never asks for a code', () => {
    const setup = setupOf({ ...suggestion, share_url: null }, { use_brand: true });
    expect(fieldsHtml(setup)).not.toContain('QR code');
    expect(designOf(setup)).toMatchObject({ use_brand: true, share_qr: false });
  });

  it('is offered with the link, on by default with the brand, off without it', async () => {
    await i18n.changeLanguage('en');
    const branded = setupOf({ ...suggestion, share_url: LINK }, { use_brand: true });
    const html = fieldsHtml(branded);
    expect(html).toContain('QR code to the share page');
    expect(html).toContain('share page on vox.example.org.');
    // The QR code's own box (the last input before its label) is ticked; without the brand it is not.
    const qrBox = (h: string) => {
      const before = h.slice(0, h.indexOf('QR code to the share page'));
      return before.slice(before.lastIndexOf('<input'));
    };
    expect(qrBox(html)).toContain('checked=""');
    expect(qrBox(fieldsHtml(setupOf({ ...suggestion, share_url: LINK }, {})))).not.toContain('checked=""');
    expect(designOf(branded).share_qr).toBe(true);
    expect(designOf(setupOf({ ...suggestion, share_url: LINK }, {})).share_qr).toBe(false);
    expect(
      designOf(setupOf({ ...suggestion, share_url: LINK }, { use_brand: true, share_qr: false })).share_qr,
    ).toBe(false);
    expect(designOf(setupOf({ ...suggestion, share_url: LINK }, { share_qr: true })).share_qr).toBe(true);
  });
});
