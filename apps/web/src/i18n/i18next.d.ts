// Types i18next's `t` keys against the English resources, so a missing or misspelt key fails typecheck.
import 'i18next';
import type { adminEn } from './resources/admin/en.ts';
import type { en } from './resources/en.ts';
import type { roomEn } from './resources/room/en.ts';
import type { waitingEn } from './resources/waiting/en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      waiting: typeof waitingEn;
      room: typeof roomEn;
      admin: typeof adminEn;
    };
  }
}
