// Browser entry point: picks the language, loads its texts and the styles, and renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initI18n } from './i18n/i18n.ts';
import { LOCALE_STORAGE_KEY, pickInitialLocale } from './i18n/locale.ts';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// The chosen language's texts first (one small chunk), then the app.
void initI18n(pickInitialLocale(localStorage.getItem(LOCALE_STORAGE_KEY), navigator.language)).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
