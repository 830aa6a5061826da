// A room's name as its reader reads it: a room still named by default (`Room 2`, stored so) is said in
// the page's language ("Salle 2", "Raum 2"); a name staff gave it is shown as they wrote it.
import { defaultRoomNumber } from '@lablive/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export function roomName(t: TFunction, name: string): string {
  const number = defaultRoomNumber(name);
  return number === null ? name : t('rooms.defaultName', { number, ns: 'translation' });
}

/** `roomName` bound to the page's language. */
export function useRoomName(): (name: string) => string {
  const { t } = useTranslation();
  return (name) => roomName(t, name);
}
