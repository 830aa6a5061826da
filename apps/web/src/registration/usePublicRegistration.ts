// The registration form of the public event at a slug (issue 33, part 5): `null` while it loads; an
// event that takes none (or whose form could not be read) answers `enabled: false`, and the open entry
// form stays, as the server decides again at sign-in.
import type { PublicRegistrationForm } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { registrationsApi } from './registrationsApi.ts';

const NONE: PublicRegistrationForm = {
  enabled: false,
  approval: false,
  consent_kinds: [],
  fields: [],
  full: false,
};

export function usePublicRegistration(slug: string): PublicRegistrationForm | null {
  const [form, setForm] = useState<PublicRegistrationForm | null>(null);
  useEffect(() => {
    let current = true;
    setForm(null);
    registrationsApi
      .formBySlug(slug)
      .then((loaded) => current && setForm(loaded))
      .catch(() => current && setForm(NONE));
    return () => {
      current = false;
    };
  }, [slug]);
  return form;
}
