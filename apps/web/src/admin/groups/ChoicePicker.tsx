// A list of checkboxes to pick several things from (the group panel's users, medias, documents and
// polls): a fieldset named by its legend, how many are picked, and a filter field once the list is long
// (a lab may have hundreds of users). Filtering hides choices, never unpicks them; what was picked when
// the panel opened is listed first.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type Choice = { id: number; name: string; detail?: string };

/** A list longer than this gets a filter field. */
const FILTER_FROM = 8;

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function ChoicePicker(props: {
  legend: string;
  choices: readonly Choice[];
  value: readonly number[];
  onChange: (value: number[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [filter, setFilter] = useState('');
  const picked = new Set(props.value);
  // What was picked when the panel opened comes first (and stays there while one picks more).
  const [pickedFirst] = useState(() => new Set(props.value));
  const ordered = useMemo(
    () => [
      ...props.choices.filter((choice) => pickedFirst.has(choice.id)),
      ...props.choices.filter((choice) => !pickedFirst.has(choice.id)),
    ],
    [props.choices, pickedFirst],
  );
  const wanted = fold(filter.trim());
  const shown =
    wanted === ''
      ? ordered
      : ordered.filter((choice) => fold(`${choice.name} ${choice.detail ?? ''}`).includes(wanted));

  function toggle(choiceId: number, on: boolean) {
    props.onChange(on ? [...props.value, choiceId] : props.value.filter((each) => each !== choiceId));
  }

  return (
    <fieldset className="choice-picker" data-testid={props.testId}>
      <legend>
        {props.legend}{' '}
        <span className="choice-picker-count" data-testid={`${props.testId}-count`}>
          {t('groupForm.selected', { count: props.value.length })}
        </span>
      </legend>
      {props.choices.length > FILTER_FROM && (
        <input
          id={`${id}-filter`}
          type="search"
          className="choice-picker-filter"
          aria-label={t('groupForm.filter', { what: props.legend })}
          placeholder={t('groupForm.filter', { what: props.legend })}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      )}
      {props.choices.length === 0 ? (
        <p className="muted">{t('groupForm.nothingToChoose')}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{t('groupForm.noMatch')}</p>
      ) : (
        <ul className="choice-picker-list">
          {shown.map((choice) => (
            <li key={choice.id}>
              <label className="checkbox-field">
                <input
                  type="checkbox"
                  checked={picked.has(choice.id)}
                  onChange={(event) => toggle(choice.id, event.target.checked)}
                />
                <span className="choice-picker-name">
                  {choice.name}
                  {choice.detail && <span className="muted choice-picker-detail">{choice.detail}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
