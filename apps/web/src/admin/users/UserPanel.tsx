// The users page's add/edit panel (back-office spec 2.8: "a list with an inline add/edit panel"; 5): first
// and last name, e-mail, job and address, the role (from GET roles, user by default), the groups (at
// least one for a new user) and the permissions, with the domain's schema. No password: a new user
// receives a mail to set their own (ADR 0004). What the editor may not give (a role above theirs, a
// permission they lack) is shown but disabled; the server refuses it anyway. A refused save says why in
// the panel, beside its field when it names one.
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@lablive/client';
import {
  holdsMoreThan,
  isAdminRole,
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
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { FormField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { type Failure, toFailure } from '../../failure.ts';
import { describeFailure, translateMessage } from '../../i18n/messages.ts';
import { formValuesOf, inReadersLanguage, ruleOf, shownRole } from './userFormValues.ts';

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
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const colon = error.detail.indexOf(':');
  const listed =
    error.fieldErrors.length > 0
      ? error.fieldErrors
      : [{ field: error.detail.slice(0, Math.max(colon, 0)), message: error.detail.slice(colon + 1).trim() }];
  return listed.flatMap(({ field, message }) => {
    const name = field.split('.')[0] ?? '';
    return isField(name) ? [{ field: name, message }] : [];
  });
}

export function UserPanel(props: {
  /** Null: a new user. */
  user: ManagedUser | null;
  roles: readonly RoleView[];
  groups: readonly UserGroup[];
  onSave: (form: UserForm) => Promise<void>;
  onClose: () => void;
}) {
  const { user, roles, groups } = props;
  const creating = user === null;
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const me = useCurrentUser();
  const titleId = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const { register, handleSubmit, formState, control, setError, watch } = useForm<
    UserFormInput,
    unknown,
    UserForm
  >({
    resolver: zodResolver(userFormSchemaFor(creating)),
    defaultValues: formValuesOf(user),
  });
  const errors = formState.errors;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));
  const required = (label: string) => `${label} *`;
  const myRank = rankOf(me?.roles ?? []);
  const myPermissions: readonly Permission[] = me?.permissions ?? [];
  const editingMyself = user !== null && me?.id === user.id;
  // An account holding more than the editor is not theirs to change (the server refuses it too).
  const holdsMore =
    user !== null &&
    me !== null &&
    !editingMyself &&
    holdsMoreThan(
      { roles: user.roles.map((role) => role.name), permissions: user.permissions },
      { roles: me.roles, permissions: myPermissions },
    );
  const chosenRoles = watch('roles');
  const adminChosen = chosenRoles.some(isAdminRole);

  async function save(form: UserForm) {
    setFailure(null);
    try {
      await props.onSave(form);
    } catch (error) {
      const refused = toFailure(inReadersLanguage(ta, error));
      // A refusal naming a field ("email: …", the schema's errors) shows beside it.
      if (ruleOf(error) === 'emailTaken') {
        setError('email', { message: refused.detail });
        return;
      }
      const named = fieldProblems(error);
      for (const { field, message: text } of named) setError(field, { message: text });
      if (named.length === 0) setFailure(refused);
    }
  }

  const heading = creating
    ? ta('userForm.createTitle')
    : ta('userForm.editTitle', { name: `${user.first_name} ${user.last_name}`.trim() || user.email });

  return (
    <section className="user-panel" aria-labelledby={titleId} data-testid="user-panel">
      <header className="user-panel-header">
        <h2 id={titleId}>{heading}</h2>
      </header>
      <form className="admin-form user-form" noValidate onSubmit={handleSubmit(save)} data-testid="user-form">
        <div className="field-row">
          <FormField
            id="user-first-name"
            label={required(ta('userForm.firstName'))}
            type="text"
            autoComplete="off"
            registration={register('first_name')}
            testId="user-first-name"
            error={message(errors.first_name?.message)}
          />
          <FormField
            id="user-last-name"
            label={required(ta('userForm.lastName'))}
            type="text"
            autoComplete="off"
            registration={register('last_name')}
            testId="user-last-name"
            error={message(errors.last_name?.message)}
          />
        </div>
        <div className="field-row">
          <FormField
            id="user-email"
            label={required(ta('userForm.email'))}
            type="email"
            autoComplete="off"
            registration={register('email')}
            testId="user-email"
            error={message(errors.email?.message)}
          />
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
                  disabled={editingMyself}
                  aria-invalid={errors.roles !== undefined}
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
            {errors.roles?.message !== undefined && (
              <p className="field-error">{message(errors.roles.message)}</p>
            )}
          </div>
        </div>
        <div className="field-row">
          <FormField
            id="user-job"
            label={ta('userForm.job')}
            type="text"
            autoComplete="off"
            registration={register('job')}
            testId="user-job"
            error={message(errors.job?.message)}
          />
          <FormField
            id="user-address"
            label={ta('userForm.address')}
            type="text"
            autoComplete="off"
            registration={register('address')}
            testId="user-address"
            error={message(errors.address?.message)}
          />
        </div>

        <Controller
          control={control}
          name="groups"
          render={({ field }) => (
            <fieldset
              className="field user-choices"
              aria-describedby={
                [
                  creating || groups.length === 0 ? 'user-groups-hint' : null,
                  errors.groups ? 'user-groups-error' : null,
                ]
                  .filter((id) => id !== null)
                  .join(' ') || undefined
              }
              data-invalid={errors.groups !== undefined || undefined}
              data-testid="user-groups"
            >
              <legend>{creating ? required(ta('userForm.groups')) : ta('userForm.groups')}</legend>
              {(creating || groups.length === 0) && (
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
                            checked
                              ? field.value.filter((id) => id !== group.id)
                              : [...field.value, group.id],
                          )
                        }
                      />
                      <span className="group-dot" style={{ background: group.color }} aria-hidden="true" />
                      {group.name}
                    </label>
                  );
                })}
              </div>
              {errors.groups?.message !== undefined && (
                <p id="user-groups-error" className="field-error" data-testid="user-groups-error">
                  {message(errors.groups.message)}
                </p>
              )}
            </fieldset>
          )}
        />

        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <fieldset className="field user-choices" data-testid="user-permissions">
              <legend>{ta('userForm.permissions')}</legend>
              <p className="field-hint">{adminChosen ? ta('userForm.adminHint') : ta('userForm.notYours')}</p>
              <div className="user-permission-grid">
                {PERMISSIONS.map((permission) => {
                  const checked = field.value.includes(permission);
                  const notMine = !myPermissions.includes(permission) && !checked;
                  return (
                    <label key={permission} className="checkbox-field">
                      <input
                        type="checkbox"
                        checked={checked || adminChosen}
                        disabled={adminChosen || notMine || editingMyself}
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

        {!creating && !editingMyself && (
          <label className="checkbox-field">
            <input type="checkbox" data-testid="user-active" {...register('active')} />
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
        {failure !== null && (
          <p className="form-error" role="alert" data-testid="user-save-error">
            {describeFailure(t, failure)}
          </p>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={props.onClose}
            data-testid="user-cancel"
          >
            {ta('userForm.cancel')}
          </button>
          <SubmitButton
            label={ta('userForm.save')}
            sendingLabel={ta('userForm.saving')}
            sending={formState.isSubmitting}
            disabled={holdsMore}
            testId="user-save"
          />
        </div>
      </form>
    </section>
  );
}
