// Who I am in the room, and the user menu (live-room spec, section 2): sign out for everyone, back to the
// back office for admins only (the others' home is the room's event). The menu (UserMenuDropdown.tsx)
// loads on first use.
import { DeferredPopup } from '../../components/DeferredPopup.tsx';
import { lazyNamed } from '../../components/lazyNamed.ts';
import { type Me, UserMenuButton } from './UserMenuButton.tsx';

const loadDropdown = () => import('./UserMenuDropdown.tsx');
const UserMenuDropdown = lazyNamed(loadDropdown, 'UserMenuDropdown');

export function UserMenu(me: Me) {
  return (
    <DeferredPopup
      preload={() => void loadDropdown()}
      standIn={(standIn) => <UserMenuButton me={me} {...standIn} />}
    >
      <UserMenuDropdown me={me} />
    </DeferredPopup>
  );
}
