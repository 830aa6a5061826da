// The staff landing page after sign-in (/admin/events): who is signed in, for which lab, the lab's
// events (enter a running one's room from here), and sign-out.
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/useAuth.ts';
import { LabLogo } from '../components/LabLogo.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';
import { LabEventsList } from './LabEventsList.tsx';

export function AdminEventsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user === null) return null;
  return (
    <section className="card" aria-labelledby="admin-title">
      <LabLogo url={user.lab.theme.logoUrl} labName={user.lab.name} />
      <h1 id="admin-title">{t('admin.title')}</h1>
      <p data-testid="signed-in-as">{t('admin.signedInAs', { email: user.email })}</p>
      <p data-testid="lab-name">{t('admin.lab', { name: user.lab.name })}</p>
      <SignOutButton />
      <LabEventsList user={user} />
    </section>
  );
}
