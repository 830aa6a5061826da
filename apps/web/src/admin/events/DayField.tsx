// The event's day (back-office spec, sections 2.3 and 5): a calendar in a popover where the days of a
// platform deployment cannot be picked (the server refuses them too), in the reader's language.
import { DayPicker, type Matcher } from '@daypicker/react';
import { de, enGB, fr } from '@daypicker/react/locale';
import '@daypicker/react/style.css';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongCalendarDay } from '../../format/day.ts';

const LOCALES = { fr, en: enGB, de } as const;

/** `YYYY-MM-DD` as the local calendar's day, and back. */
const toDate = (day: string) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};
const toDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

type DayFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (day: string) => void;
  blockedDays: readonly string[];
  /** Days before this one cannot be picked (a new event is not planned in the past). */
  notBefore?: string | undefined;
  error?: string | undefined;
  /** The day button's test id (the event form's by default). */
  testId?: string;
};

export function DayField(props: DayFieldProps) {
  const { id, label, value, onChange, blockedDays, notBefore, error, testId = 'event-date' } = props;
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? enGB;
  const disabled: Matcher[] = blockedDays.map(toDate);
  if (notBefore !== undefined) disabled.push({ before: toDate(notBefore) });
  const shown = value ? formatLongCalendarDay(value, i18n.language) : t('form.chooseDate');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <p id={hintId} className="field-hint">
        {t('form.blockedDays')}
      </p>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            className="day-trigger"
            aria-labelledby={`${id}-label ${id}`}
            aria-describedby={error === undefined ? hintId : `${hintId} ${errorId}`}
            aria-invalid={error !== undefined}
            data-testid={testId}
          >
            {shown}
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="day-popover" sideOffset={6} align="start">
            <DayPicker
              mode="single"
              locale={locale}
              selected={value ? toDate(value) : undefined}
              defaultMonth={value ? toDate(value) : undefined}
              disabled={disabled}
              onSelect={(date) => {
                if (date === undefined) return;
                onChange(toDay(date));
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
