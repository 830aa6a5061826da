// Who I am in the room: the user menu's trigger, and its stand-in until the menu's code loads.
import { useTranslation } from 'react-i18next';
import type { TriggerProps } from '../../components/DeferredPopup.tsx';
import { PopupTrigger } from '../../components/PopupTrigger.tsx';

export type Me = { name: string; role: string; dataRole: string };

export function UserMenuButton({ me, ...props }: TriggerProps & { me: Me }) {
  const { t } = useTranslation('room');
  return (
    <PopupTrigger popup="menu" className="room-me" testId="room-me" data-role={me.dataRole} {...props}>
      <span className="room-me-name">{me.name}</span>
      <span className="badge">{me.role}</span>
      {/* After the visible words, so the button's name starts with what it shows. */}
      <span className="visually-hidden">{t('header.userMenu')}</span>
    </PopupTrigger>
  );
}
