// A user's profile fields (names, e-mail, job, address), the one set My account and the Users panel
// share: both forms are built on the domain's `profileFormSchema` (the users' schema extends it), and this
// reads the surrounding form through react-hook-form's context. Each form keeps its own ids and test ids
// (`profile-…`, `user-…`), its words (My account says "Position") and what sits beside the e-mail (the
// Users panel's role) or under it (My account's pending address).
import type { ProfileFormInput } from '@lablive/domain';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField.tsx';
import { translateMessage } from '../../i18n/messages.ts';

type Field = keyof ProfileFormInput;

export function ProfileFields(props: {
  /** The ids' and test ids' prefix, and whose words the labels are. */
  prefix: 'profile' | 'user';
  /** The browser may fill in the reader's own details (My account), not someone else's (Users). */
  ownDetails: boolean;
  besideEmail?: ReactNode;
  underEmail?: ReactNode;
}) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { register, formState } = useFormContext<ProfileFormInput>();
  const texts = props.prefix === 'profile' ? 'profile' : 'userForm';
  const field = (
    name: Field,
    key: 'firstName' | 'lastName' | 'email' | 'job' | 'address',
    autoComplete: string,
  ) => {
    const id = `${props.prefix}-${name === 'first_name' ? 'first-name' : name === 'last_name' ? 'last-name' : name}`;
    const label = ta(`${texts}.${key}`);
    const required = name !== 'job' && name !== 'address';
    const error = formState.errors[name]?.message;
    return (
      <FormField
        id={id}
        label={required ? `${label} *` : label}
        type={name === 'email' ? 'email' : 'text'}
        autoComplete={props.ownDetails ? autoComplete : 'off'}
        registration={register(name)}
        testId={id}
        error={error === undefined ? undefined : translateMessage(t, error)}
      />
    );
  };
  return (
    <>
      <div className="field-row">
        {field('first_name', 'firstName', 'given-name')}
        {field('last_name', 'lastName', 'family-name')}
      </div>
      <div className="field-row">
        {field('email', 'email', 'email')}
        {props.besideEmail}
      </div>
      {props.underEmail}
      <div className="field-row">
        {field('job', 'job', 'organization-title')}
        {field('address', 'address', 'street-address')}
      </div>
    </>
  );
}
