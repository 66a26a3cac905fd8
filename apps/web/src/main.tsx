import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/tiptap/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { i18n, SOURCE_LANGUAGE, syncDocumentLanguage } from './i18n/i18n.ts';
import { startLanguage } from './i18n/language-choice.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

syncDocumentLanguage(document);

// A visit in another language fetches its texts (a few kilobytes) before the first paint, so the
// page never flashes English first. If they cannot be fetched, the page opens in English.
const language = startLanguage();
const ready =
  language === SOURCE_LANGUAGE
    ? Promise.resolve()
    : i18n.changeLanguage(language).then(
        () => undefined,
        (err: unknown) => console.warn('Could not load the interface language', err),
      );

void ready.then(() => createRoot(container).render(<App />));
