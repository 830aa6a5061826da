// The audit trail's search form: who (part of a name or an address), the record's type, the action, the
// record's id, a field, and the days from and to (read in the reader's zone). Searching puts the filters
// in the page's address; Clear empties them. What the text fields match and the zone the days are read
// in are said once, under the fields, so the fields line up. On a phone (the admin layout's 640 px) the
// form folds behind a Search button that says how many filters are set, so the first entries show
// first; it starts open when the address searches something. Off a phone the button is not shown and
// the form always is (audit.css).
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '@lablive/domain';
import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import {
  type AuditFilterField,
  type AuditFilterValues,
  activeFilterCount,
  NO_FILTER,
} from './auditFilter.ts';

export function AuditFilters(props: {
  applied: AuditFilterValues;
  timeZone: string;
  onSearch: (values: AuditFilterValues) => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const id = useId();
  const noteId = `${id}-note`;
  const formId = `${id}-form`;
  const active = activeFilterCount(props.applied);
  const [open, setOpen] = useState(() => active > 0);
  const [draft, setDraft] = useState(props.applied);
  // The address changed (a search, Back): the form shows what is searched.
  useEffect(() => setDraft(props.applied), [props.applied]);
  const bind = (name: AuditFilterField, described = false) => ({
    id: `${id}-${name}`,
    value: draft[name],
    'aria-describedby': described ? noteId : undefined,
    'data-testid': `audit-filter-${name}`,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const field = (name: AuditFilterField, control: ReactNode) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t(`audit.filters.${name}`)}</label>
      {control}
    </div>
  );
  const any = <option value="">{t('audit.filters.any')}</option>;

  return (
    <search aria-labelledby={titleId} className="audit-search">
      <FiltersToggle open={open} controls={formId} active={active} onToggle={() => setOpen(!open)} />
      <form
        id={formId}
        className="admin-form audit-filters"
        data-open={open}
        data-testid="audit-filters"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSearch(draft);
        }}
      >
        <h2 id={titleId} className="audit-filters-title">
          {t('audit.filters.title')}
        </h2>
        <div className="audit-filter-grid">
          {field('who', <input type="search" {...bind('who', true)} />)}
          {field(
            'recordType',
            <select {...bind('recordType')}>
              {any}
              {AUDIT_RECORD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`audit.recordTypes.${type}`)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'action',
            <select {...bind('action')}>
              {any}
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`audit.actions.${action}`)}
                </option>
              ))}
            </select>,
          )}
          {field('recordId', <input type="text" {...bind('recordId')} />)}
          {field('field', <input type="text" {...bind('field', true)} />)}
          {field('from', <input type="date" {...bind('from', true)} />)}
          {field('to', <input type="date" {...bind('to', true)} />)}
        </div>
        <p id={noteId} className="field-hint">
          {t('audit.filters.note', { zone: props.timeZone })}
        </p>
        <div className="audit-filter-actions">
          <button type="submit" className="button button-primary" data-testid="audit-search">
            {t('audit.filters.search')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            data-testid="audit-clear"
            onClick={() => {
              setDraft(NO_FILTER);
              props.onSearch(NO_FILTER);
            }}
          >
            {t('audit.filters.clear')}
          </button>
        </div>
      </form>
    </search>
  );
}

/** The phone's button that shows or folds the form, with how many filters the list is searched by. */
function FiltersToggle(props: { open: boolean; controls: string; active: number; onToggle: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <button
      type="button"
      className="button button-secondary audit-filters-toggle"
      aria-expanded={props.open}
      aria-controls={props.controls}
      data-testid="audit-filters-toggle"
      onClick={props.onToggle}
    >
      <Icon name={props.open ? 'chevronUp' : 'chevronDown'} className="audit-filters-icon" />
      <span>{t('audit.filters.toggle')}</span>
      {props.active > 0 && (
        <>
          {' '}
          <span className="audit-filters-active" data-testid="audit-filters-active">
            {t('audit.filters.active', { count: props.active })}
          </span>
        </>
      )}
    </button>
  );
}
