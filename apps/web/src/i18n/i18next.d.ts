import 'i18next';
import type { englishResources } from './resources.ts';

// Keys and namespaces are checked by the compiler against the English files.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof englishResources;
  }
}
