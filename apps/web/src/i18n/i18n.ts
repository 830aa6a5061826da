// Sets up i18next with the French, English and German texts (English is the fallback), each language
// in its own chunk loaded when it is chosen, and keeps the document's lang attribute and the remembered
// choice in step with it.
import type { Locale } from '@lablive/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_STORAGE_KEY } from './locale.ts';

/** A language's texts by namespace (each typed against the English ones in its own module). */
type LanguageTexts = Record<string, object>;

const LOADERS: Record<Locale, () => Promise<LanguageTexts>> = {
  fr: () => import('./resources/bundles/fr.ts').then((module) => module.texts),
  en: () => import('./resources/bundles/en.ts').then((module) => module.texts),
  de: () => import('./resources/bundles/de.ts').then((module) => module.texts),
};

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const texts = await LOADERS[locale]();
  for (const [namespace, resources] of Object.entries(texts)) {
    i18next.addResourceBundle(locale, namespace, resources);
  }
}

/** Loads the chosen language's texts, then sets i18next up: the app renders once this resolves. */
export async function initI18n(initial: Locale): Promise<void> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  const texts = await LOADERS[initial]();
  await i18next.use(initReactI18next).init({
    // One namespace per area of the app, so that each area's texts live beside each other. The back
    // office's (`admin`) comes with its own chunk (admin/adminTexts.ts).
    resources: { [initial]: texts },
    // The other languages are added as they are chosen (changeLocale).
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: 'en',
    supportedLngs: ['fr', 'en', 'de'],
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

/** Loads the language's texts if they are not here yet, then switches to it and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
}
