// A report as the lab reads it (back-office spec 2.9): the form as filed (who, when, in which session,
// the patient's initials and sex) and the detail (treated patient, health professional, drugs). Shown
// in the list's expanded row (550 px wide) and on the report's own page. The patient's sex is read once,
// in the boxes of the form as filed.
import type { ReportDetail } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format/useFormat.ts';

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="report-field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * A box of the form as filed, ticked or not: read-only, not disabled (a disabled box greys its tick out
 * to near invisible), and out of the tab order, since there is nothing to change.
 */
function Box({ checked, label }: { checked: boolean; label: string }) {
  return (
    <label>
      <input
        type="checkbox"
        checked={checked}
        readOnly
        aria-readonly="true"
        tabIndex={-1}
        onClick={(event) => event.preventDefault()}
      />{' '}
      {label}
    </label>
  );
}

export function ReportSheet({ report }: { report: ReportDetail }) {
  const format = useFormat();
  const { t } = useTranslation('admin');
  const p = (key: string) => t(`pharmacovigilance.${key}` as 'pharmacovigilance.title');
  return (
    <div className="report-sheet" data-testid="report-sheet">
      <section className="report-form" aria-label={p('form')}>
        <dl>
          <Field label={p('reference')} value={report.reference} testId="report-reference" />
          <Field label={p('reporter')} value={report.username} testId="report-reporter" />
          <Field label={p('date')} value={format.day(report.date)} />
          <Field label={p('session')} value={report.session_name} />
          <Field label={p('patientInitials')} value={report.patient_initials} testId="report-initials" />
        </dl>
        <fieldset className="report-gender">
          <legend className="report-gender-legend">{p('gender')}</legend>
          <Box checked={report.gender === 'f'} label={p('female')} />
          <Box checked={report.gender === 'm'} label={p('male')} />
        </fieldset>
      </section>
      <section className="report-detail" aria-label={p('treatedPatient')}>
        <h3>{p('treatedPatient')}</h3>
        <dl>
          <Field label={p('initials')} value={report.patient_initials} />
          <Field label={p('ageRange')} value={p(`ageRanges.${report.age_range}`)} />
          <Field label={p('birthDate')} value={format.calendarDay(report.patient_birthday)} />
        </dl>
      </section>
      <section className="report-detail" aria-label={p('healthProfessional')}>
        <h3>{p('healthProfessional')}</h3>
        <dl>
          <Field label={p('lastName')} value={report.doctor_lastname} />
          <Field label={p('firstName')} value={report.doctor_firstname} />
          <Field label={p('phone')} value={report.phone_number} />
          <Field label={p('email')} value={report.doctor_email} />
          <Field label={p('specialty')} value={report.doctor_specialty} />
          <Field label={p('address')} value={report.doctor_address} />
          <Field label={p('zipCode')} value={report.doctor_zip_code} />
        </dl>
      </section>
      <section className="report-detail" aria-label={p('drugs')}>
        <h3>{p('drugs')}</h3>
        <dl>
          <Field label={p('drugName')} value={report.drug_name} testId="report-drug" />
          <Field label={p('batchNumber')} value={report.drug_batch_number} />
          <Field label={p('reaction')} value={report.drug_adverse_reaction} />
        </dl>
      </section>
    </div>
  );
}
