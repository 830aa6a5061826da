// Types i18next's `t` keys against the English resources, so a missing or misspelt key fails typecheck.
import 'i18next';
import type { en } from './resources/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
