// Keeps the page's look in step with where the visitor is: a public event's page (its slug, `…-{id}`)
// loads its lab's theme, an invitation link may carry private colours, a signed-in user brings their
// lab's look when nothing more specific applies; the chosen theme is written to the CSS variables.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '../auth/useAuth.ts';
import { api, themeStore } from '../services.ts';
import { applyThemeToDocument } from './applyTheme.ts';
import {
  labThemeApplies,
  parsePublicSlug,
  privateThemeFromSearch,
  themeFromEventInfo,
  themeFromLab,
} from './themeSources.ts';
import { useTheme } from './useTheme.ts';

export function ThemeController() {
  const { pathname, search } = useLocation();
  const user = useCurrentUser();
  const theme = useTheme();

  useEffect(() => {
    applyThemeToDocument(theme);
  }, [theme]);

  useEffect(() => {
    const link = parsePublicSlug(
      pathname
        .split('/')
        .filter((segment) => segment !== '')
        .at(-1),
    );
    if (link === null) return;
    // Not cancelled when the path changes: the page may redirect at once, the theme still belongs to it.
    api
      .publicEventInfo(link.slug)
      .then((info) => themeStore.set(themeFromEventInfo(info)))
      .catch((error: unknown) => console.warn('The event theme could not be loaded', error));
  }, [pathname]);

  useEffect(() => {
    const privateTheme = privateThemeFromSearch(new URLSearchParams(search));
    if (privateTheme !== null) themeStore.set(privateTheme);
  }, [search]);

  useEffect(() => {
    if (user !== null && labThemeApplies(themeStore.get())) themeStore.set(themeFromLab(user.lab));
  }, [user]);

  return null;
}
