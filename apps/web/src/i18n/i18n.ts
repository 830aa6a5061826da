// Sets up i18next with the French, English and German texts bundled in the app (English is the
// fallback) and keeps the document's lang attribute and the remembered choice in step with it.
import type { Locale } from '@lablive/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_STORAGE_KEY } from './locale.ts';
import { adminDe } from './resources/admin/de.ts';
import { adminEn } from './resources/admin/en.ts';
import { adminFr } from './resources/admin/fr.ts';
import { de } from './resources/de.ts';
import { en } from './resources/en.ts';
import { fr } from './resources/fr.ts';
import { roomDe } from './resources/room/de.ts';
import { roomEn } from './resources/room/en.ts';
import { roomFr } from './resources/room/fr.ts';
import { waitingDe } from './resources/waiting/de.ts';
import { waitingEn } from './resources/waiting/en.ts';
import { waitingFr } from './resources/waiting/fr.ts';

export function initI18n(initial: Locale): void {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void i18next.use(initReactI18next).init({
    // One namespace per area of the app, so that each area's texts live beside each other.
    resources: {
      fr: { translation: fr, waiting: waitingFr, room: roomFr, admin: adminFr },
      en: { translation: en, waiting: waitingEn, room: roomEn, admin: adminEn },
      de: { translation: de, waiting: waitingDe, room: roomDe, admin: adminDe },
    },
    lng: initial,
    fallbackLng: 'en',
    supportedLngs: ['fr', 'en', 'de'],
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // The texts are bundled: no need to wait for a backend.
    initAsync: false,
  });
}

export function changeLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  void i18next.changeLanguage(locale);
}
