// The standard fields of a registration (issue 33, part 5): the guest's name and e-mail, the language of
// their mails (the page's by default) and the time zone their mails' times are told in (the browser's).
import { LOCALES, type Locale } from '@lablive/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../components/LabelledControl.tsx';

export type Person = {
  first_name: string;
  last_name: string;
  email: string;
  locale: Locale;
  time_zone: string;
};

const LANGUAGE_NAMES: Record<Locale, string> = { fr: 'Français', en: 'English', de: 'Deutsch' };
const LABELS = { first_name: 'firstName', last_name: 'lastName', email: 'email' } as const;

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function zones(): string[] {
  const all = Intl.supportedValuesOf?.('timeZone') ?? [];
  const own = browserZone();
  return all.includes(own) ? all : [own, ...all];
}

type Props = {
  person: Person;
  problems: Readonly<Record<string, string>>;
  onChange: (person: Person) => void;
};

export function PersonFields({ person, problems, onChange }: Props) {
  const { t } = useTranslation();
  const zoneList = useMemo(zones, []);
  const text = (name: keyof typeof LABELS, type: string, autoComplete: string) => {
    const id = `registration-${name.replace('_', '-')}`;
    return (
      <LabelledControl id={id} label={t(`registration.${LABELS[name]}`)} error={problems[name]}>
        {(describedBy) => (
          <input
            id={id}
            type={type}
            autoComplete={autoComplete}
            value={person[name]}
            aria-required
            aria-invalid={problems[name] !== undefined}
            aria-describedby={describedBy}
            data-testid={id}
            onChange={(event) => onChange({ ...person, [name]: event.target.value })}
          />
        )}
      </LabelledControl>
    );
  };
  return (
    <>
      {text('first_name', 'text', 'given-name')}
      {text('last_name', 'text', 'family-name')}
      {text('email', 'email', 'email')}
      <LabelledControl id="registration-locale" label={t('registration.language')}>
        {(describedBy) => (
          <select
            id="registration-locale"
            value={person.locale}
            aria-describedby={describedBy}
            data-testid="registration-locale"
            onChange={(event) => onChange({ ...person, locale: event.target.value as Locale })}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LANGUAGE_NAMES[locale]}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
      <LabelledControl id="registration-time-zone" label={t('registration.timeZone')}>
        {(describedBy) => (
          <select
            id="registration-time-zone"
            value={person.time_zone}
            aria-describedby={describedBy}
            data-testid="registration-time-zone"
            onChange={(event) => onChange({ ...person, time_zone: event.target.value })}
          >
            {zoneList.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
    </>
  );
}
