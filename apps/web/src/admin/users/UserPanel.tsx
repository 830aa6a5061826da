// The users page's add/edit panel (back-office spec 2.8: "a list with an inline add/edit panel"; 5): first
// and last name, e-mail, job and address, the role (from GET roles, user by default), the groups (at
// least one for a new user) and the permissions, with the domain's schema. No password: a new user
// receives a mail to set their own (ADR 0004). What the editor may not give (a role above theirs, a
// permission they lack) is shown but disabled; the server refuses it anyway. A refused save says why in
// the panel, beside its field when it names one. A change of the user's roles, permissions or active
// status asks for its reason first (issue 32: the audit trail keeps why someone's access changed).
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@lablive/client';
import {
  heldPermissions,
  holdsMoreThan,
  isAdminRole,
  isLabPermission,
  type ManagedUser,
  PERMISSIONS,
  type Permission,
  type RoleView,
  rankOf,
  type UserForm,
  type UserFormInput,
  type UserGroup,
  userFormSchemaFor,
} from '@lablive/domain';
import { useId, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { FormActions } from '../FormActions.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { ReasonField } from '../ReasonField.tsx';
import { reasonGate } from '../reason.ts';
import { ProfileFields } from './ProfileFields.tsx';
import { changesAccess, formValuesOf, inReadersLanguage, ruleOf, shownRole } from './userFormValues.ts';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'job',
  'address',
  'roles',
  'permissions',
  'groups',
] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/** The fields a 400 names: its schema errors, or a rule's detail starting with the field ("groups: …"). */
function fieldProblems(error: unknown): { field: FieldName; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  return error.namedFields.flatMap(({ field, message }) => {
    const name = field.split('.')[0] ?? '';
    return isField(name) ? [{ field: name, message }] : [];
  });
}

export function UserPanel(props: {
  /** Null: a new user. */
  user: ManagedUser | null;
  roles: readonly RoleView[];
  groups: readonly UserGroup[];
  /** Saves the form; `reason` is given when the user's access changes. */
  onSave: (form: UserForm, reason: string | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const { user, roles, groups } = props;
  const creating = user === null;
  const { t: ta } = useTranslation('admin');
  const me = useCurrentUser();
  const titleId = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<UserFormInput, unknown, UserForm>({
    resolver: zodResolver(userFormSchemaFor(creating, groups.length > 0)),
    defaultValues: formValuesOf(user),
  });
  const [chosenRoles, permissions, active] = form.watch(['roles', 'permissions', 'active']);
  const asksReason = changesAccess(user, { roles: chosenRoles, permissions, active });
  const reason = useChangeReason(asksReason);
  const editingMyself = user !== null && me?.id === user.id;
  // An account holding more than the editor is not theirs to change (the server refuses it too).
  const holdsMore =
    user !== null &&
    me !== null &&
    !editingMyself &&
    holdsMoreThan(
      { roles: user.roles.map((role) => role.name), permissions: user.permissions },
      { roles: me.roles, permissions: me.permissions },
    );

  async function save(values: UserForm) {
    setFailure(null);
    const gate = reason.check();
    if (!gate.ready) return;
    try {
      await props.onSave(values, gate.reason);
    } catch (error) {
      const refused = toFailure(inReadersLanguage(ta, error));
      // A refusal naming a field ("email: …", the schema's errors) shows beside it.
      if (ruleOf(error) === 'emailTaken') {
        form.setError('email', { message: refused.detail });
        return;
      }
      const named = fieldProblems(error);
      for (const { field, message: text } of named) form.setError(field, { message: text });
      if (named.length === 0) setFailure(refused);
    }
  }

  const heading = creating
    ? ta('userForm.createTitle')
    : ta('userForm.editTitle', { name: `${user.first_name} ${user.last_name}`.trim() || user.email });

  return (
    <section className="admin-panel user-panel" aria-labelledby={titleId} data-testid="user-panel">
      <header className="user-panel-header">
        <h2 id={titleId}>{heading}</h2>
      </header>
      <FormProvider {...form}>
        <form
          className="admin-form user-form"
          noValidate
          onSubmit={form.handleSubmit(save)}
          data-testid="user-form"
        >
          <ProfileFields
            prefix="user"
            ownDetails={false}
            besideEmail={<RoleSelect roles={roles} disabled={editingMyself} />}
          />
          <GroupChoices groups={groups} creating={creating} />
          <PermissionChoices editingMyself={editingMyself} />
          {!creating && !editingMyself && (
            <label className="checkbox-field">
              <input type="checkbox" data-testid="user-active" {...form.register('active')} />
              {ta('userForm.active')}
            </label>
          )}
          {creating && <p className="muted">{ta('userForm.passwordNote')}</p>}
          <p className="muted">{ta('userForm.requiredHint')}</p>
          {holdsMore && (
            <p className="muted" data-testid="user-holds-more">
              {ta('users.rules.holdsMore')}
            </p>
          )}
          {asksReason && (
            <ReasonField
              ref={reason.input}
              id={`${titleId}-reason`}
              kind="change"
              value={reason.text}
              onChange={reason.setText}
              error={reason.error}
              testId="user-reason"
            />
          )}
          {failure !== null && <LoadFailure failure={failure} testId="user-save-error" />}
          <FormActions
            cancel={{ label: ta('userForm.cancel'), testId: 'user-cancel', onClick: props.onClose }}
            submit={{
              label: ta('userForm.save'),
              sendingLabel: ta('userForm.saving'),
              sending: form.formState.isSubmitting,
              disabled: holdsMore,
              testId: 'user-save',
            }}
          />
        </form>
      </FormProvider>
    </section>
  );
}

/** The reason of an access change: its text, and a check before saving that says what is missing. */
function useChangeReason(asked: boolean) {
  const { t: ta } = useTranslation('admin');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const input = useRef<HTMLTextAreaElement>(null);
  return {
    text,
    error,
    input,
    setText(next: string) {
      setText(next);
      setError(undefined);
    },
    check() {
      const gate = reasonGate(asked, text);
      if (!gate.ready) {
        setError(ta('reason.required'));
        input.current?.focus();
      }
      return gate;
    },
  };
}

/** The field's error in the reader's language, if any. */
function useFieldError(name: 'roles' | 'groups'): string | undefined {
  const { t } = useTranslation();
  const text = useFormContext<UserFormInput>().formState.errors[name]?.message;
  return text === undefined ? undefined : translateMessage(t, text);
}

/** The role, one of the lab's (GET roles); a role above the editor's is shown but disabled. */
function RoleSelect({ roles, disabled }: { roles: readonly RoleView[]; disabled: boolean }) {
  const { t: ta } = useTranslation('admin');
  const { control } = useFormContext<UserFormInput>();
  const myRank = rankOf(useCurrentUser()?.roles ?? []);
  const error = useFieldError('roles');
  return (
    <div className="field">
      <label htmlFor="user-role">{ta('userForm.role')}</label>
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <select
            id="user-role"
            data-testid="user-role"
            value={shownRole(field.value)}
            disabled={disabled}
            aria-invalid={error !== undefined}
            onBlur={field.onBlur}
            onChange={(event) => {
              const chosen = roles.find((role) => role.name === event.target.value);
              if (chosen) field.onChange([chosen.name]);
            }}
          >
            {roles.map((role) => (
              <option key={role.id} value={role.name} disabled={rankOf([role.name]) > myRank}>
                {ta(`profile.roles.${role.name}` as 'profile.title')}
              </option>
            ))}
          </select>
        )}
      />
      {error !== undefined && <p className="field-error">{error}</p>}
    </div>
  );
}

/** The user's groups as chips (at least one for a new user once the lab has a group). */
function GroupChoices({ groups, creating }: { groups: readonly UserGroup[]; creating: boolean }) {
  const { t: ta } = useTranslation('admin');
  const { control } = useFormContext<UserFormInput>();
  const error = useFieldError('groups');
  const hinted = creating || groups.length === 0;
  // Required when creating, once the lab has a group to choose.
  const legend = creating && groups.length > 0 ? `${ta('userForm.groups')} *` : ta('userForm.groups');
  return (
    <Controller
      control={control}
      name="groups"
      render={({ field }) => (
        <fieldset
          className="field user-choices"
          aria-describedby={
            [hinted ? 'user-groups-hint' : null, error !== undefined ? 'user-groups-error' : null]
              .filter((id) => id !== null)
              .join(' ') || undefined
          }
          data-invalid={error !== undefined || undefined}
          data-testid="user-groups"
        >
          <legend>{legend}</legend>
          {hinted && (
            <p id="user-groups-hint" className="field-hint">
              {groups.length === 0 ? ta('userForm.noGroups') : ta('userForm.groupsHint')}
            </p>
          )}
          <div className="user-chip-list">
            {groups.map((group) => {
              const checked = field.value.includes(group.id);
              return (
                <label key={group.id} className="user-chip" data-checked={checked || undefined}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onBlur={field.onBlur}
                    onChange={() =>
                      field.onChange(
                        checked ? field.value.filter((id) => id !== group.id) : [...field.value, group.id],
                      )
                    }
                  />
                  <span className="group-dot" style={{ background: group.color }} aria-hidden="true" />
                  {group.name}
                </label>
              );
            })}
          </div>
          {error !== undefined && (
            <p id="user-groups-error" className="field-error" data-testid="user-groups-error">
              {error}
            </p>
          )}
        </fieldset>
      )}
    />
  );
}

/** The permissions: all of them for an administrator; only those the editor holds may be given. */
function PermissionChoices({ editingMyself }: { editingMyself: boolean }) {
  const { t: ta } = useTranslation('admin');
  const { control, watch } = useFormContext<UserFormInput>();
  const myPermissions: readonly Permission[] = useCurrentUser()?.permissions ?? [];
  const roles = watch('roles');
  const adminChosen = roles.some(isAdminRole);
  // What the chosen roles hold by themselves (an admin every permission of the lab, a super-admin all).
  const byRole = heldPermissions({ roles, permissions: [] });
  // The platform's permissions are shown to who holds them, or on an account that has them.
  const shown = PERMISSIONS.filter(
    (permission) =>
      isLabPermission(permission) || myPermissions.includes(permission) || byRole.includes(permission),
  );
  return (
    <Controller
      control={control}
      name="permissions"
      render={({ field }) => (
        <fieldset className="field user-choices" data-testid="user-permissions">
          <legend>{ta('userForm.permissions')}</legend>
          <p className="field-hint">{adminChosen ? ta('userForm.adminHint') : ta('userForm.notYours')}</p>
          <div className="user-permission-grid">
            {shown.map((permission) => {
              const checked = field.value.includes(permission);
              const notMine = !myPermissions.includes(permission) && !checked;
              return (
                <label key={permission} className="checkbox-field">
                  <input
                    type="checkbox"
                    checked={checked || byRole.includes(permission)}
                    disabled={byRole.includes(permission) || notMine || editingMyself}
                    onBlur={field.onBlur}
                    onChange={() =>
                      field.onChange(
                        checked
                          ? field.value.filter((held) => held !== permission)
                          : [...field.value, permission],
                      )
                    }
                  />
                  {ta(`userForm.permissionNames.${permission}`)}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    />
  );
}
