import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, Trans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';

// Sentences with a link or code inside are kept whole for translators and rendered by <Trans>:
// the English page must read exactly as before, with the markup in place.
function Link({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

function render(node: ReactNode): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

describe('sentences with markup', () => {
  it('keep the link of the about page inside the sentence', () => {
    const html = render(
      <Trans ns="about" i18nKey="next.text" components={{ featuresLink: <Link href="/features" /> }} />,
    );
    expect(html).toContain('Everything on the <a href="/features">features page</a> works in this release');
  });

  it('show the commands and settings of the help page as code', () => {
    const html = render(<Trans ns="help" i18nKey="admin.engines.a" components={{ code: <code /> }} />);
    expect(html).toContain('or with <code>npm run models -- pull base</code>;');
    expect(html).toContain('works through <code>OPENAI_STT_BASE_URL</code>, in the languages it hears.');
  });

  it('link the API reference from the engines lead', () => {
    const html = render(
      <Trans ns="help" i18nKey="engines.lead" components={{ apiLink: <Link href="/api/docs" /> }} />,
    );
    expect(html).toContain('The API reference at <a href="/api/docs">/api/docs</a> lists every endpoint.');
  });
});
