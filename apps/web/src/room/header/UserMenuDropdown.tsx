// The user menu (UserMenu.tsx): loaded on first use, and then shown open.
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuthActor, useCurrentUser } from '../../auth/useAuth.ts';
import { type Me, UserMenuButton } from './UserMenuButton.tsx';

export function UserMenuDropdown({ me }: { me: Me }) {
  const { t } = useTranslation('room');
  const user = useCurrentUser();
  const auth = useAuthActor();
  const navigate = useNavigate();
  const admin =
    user !== null && user.kind === 'user' && user.roles.some((r) => r === 'admin' || r === 'super-admin');
  return (
    // Not modal: the room goes on around the menu (its videos, its live regions stay as they are).
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <UserMenuButton me={me} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          {admin && (
            <DropdownMenu.Item
              className="menu-item"
              data-testid="room-menu-home"
              onSelect={() => navigate('/admin/events')}
            >
              {t('header.backHome')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className="menu-item"
            data-testid="room-menu-sign-out"
            onSelect={() => auth.send({ type: 'auth.logout' })}
          >
            {t('header.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
