// Browser entry point: picks the language, loads the styles and renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initI18n } from './i18n/i18n.ts';
import { LOCALE_STORAGE_KEY, pickInitialLocale } from './i18n/locale.ts';
import './styles.css';

initI18n(pickInitialLocale(localStorage.getItem(LOCALE_STORAGE_KEY), navigator.language));

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
