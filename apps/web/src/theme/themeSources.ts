// Where a theme can come from: a public event page whose path is its slug `name-{id}` (its lab's look,
// fetched from /api/eventInfo/by-slug/{slug}), a private invitation link carrying base64 colours p, b
// and t (a private event's look before its guest has signed in), or the
// signed-in user's lab. Pure functions: the controller does the fetching and applying.
import { type CurrentUser, type EventInfo, hexColorSchema } from '@lablive/domain';
import { type AppliedTheme, DEFAULT_APPLIED_THEME } from './appliedTheme.ts';

/** The event id at the end of the last path segment (`/spring-congress-42` → 42), else null. */
export function eventIdFromPath(pathname: string): number | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const match = /-(\d+)$/.exec(segments.at(-1) ?? '');
  if (match?.[1] === undefined) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-\d+$/i;
/** The domain's limit on eventSlug. */
const MAX_SLUG_LENGTH = 200;

/** A public event link's slug and the event id it ends with; null for any other path segment. */
export function parsePublicSlug(segment: string | undefined): { slug: string; eventId: number } | null {
  if (segment === undefined || segment.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(segment)) return null;
  const eventId = eventIdFromPath(`/${segment}`);
  return eventId === null ? null : { slug: segment, eventId };
}

/** A base64 colour such as `IzM1NzFmZg==` for `#3571ff` (the `#` may be left out); else null. */
export function decodeColor(encoded: string): string | null {
  let decoded: string;
  try {
    decoded = atob(encoded.trim()).trim();
  } catch {
    return null;
  }
  const colour = decoded.startsWith('#') ? decoded : `#${decoded}`;
  return hexColorSchema.safeParse(colour).success ? colour.toLowerCase() : null;
}

/**
 * The private theme of an invitation link (`?invitation=…&p=…&b=…&t=…`). Colours that do not decode
 * to `#rrggbb` are ignored and keep their default; null when the link carries no usable colour.
 */
export function privateThemeFromSearch(params: URLSearchParams): AppliedTheme | null {
  if (!params.has('invitation')) return null;
  const read = (name: string) => {
    const value = params.get(name);
    return value === null ? null : decodeColor(value);
  };
  const primary = read('p');
  const background = read('b');
  const third = read('t');
  if (primary === null && background === null && third === null) return null;
  return {
    ...DEFAULT_APPLIED_THEME,
    source: 'private',
    primaryColor: primary ?? DEFAULT_APPLIED_THEME.primaryColor,
    backgroundColor: background ?? DEFAULT_APPLIED_THEME.backgroundColor,
    thirdColor: third ?? DEFAULT_APPLIED_THEME.thirdColor,
  };
}

export function themeFromEventInfo(info: EventInfo): AppliedTheme {
  const { primaryColor, backgroundColor, thirdColor, logoUrl } = info.theme;
  return { source: 'event', primaryColor, backgroundColor, thirdColor, logoUrl, labName: info.labName };
}

export function themeFromLab(lab: CurrentUser['lab']): AppliedTheme {
  const { primaryColor, backgroundColor, thirdColor, logoUrl } = lab.theme;
  return { source: 'lab', primaryColor, backgroundColor, thirdColor, logoUrl, labName: lab.name };
}

/** The signed-in user's lab look applies only when nothing more specific was chosen. */
export const labThemeApplies = (current: AppliedTheme): boolean => current.source === 'default';
