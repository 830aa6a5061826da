// An event's registration funnel (issue 33, part 5): registered (addresses confirmed) → invited (places
// given) → attended (of those, present in a session, from the statistics' attendance). On the event's
// registration page, and in its statistics when it took registrations.
import { useTranslation } from 'react-i18next';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { LoadedView } from '../LoadedView.tsx';
import { useRegistrationFunnel } from '../resources/registrations.ts';
import './registrations.css';

const STEPS = ['registered', 'invited', 'attended'] as const;

export function RegistrationFunnel({
  eventId,
  hideWhenEmpty = false,
}: {
  eventId: number;
  hideWhenEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const { state } = useLoadedQuery(useRegistrationFunnel(eventId));
  if (hideWhenEmpty && (state.status !== 'loaded' || state.value.registered === 0)) return null;
  return (
    <section aria-labelledby={`registration-funnel-title-${eventId}`}>
      <h2 id={`registration-funnel-title-${eventId}`}>{t('registration.admin.funnel.title')}</h2>
      <LoadedView state={state} errorTestId="registration-funnel-error">
        {(funnel) => (
          <ol className="registration-funnel" data-testid="registration-funnel">
            {STEPS.map((step) => (
              <li key={step} data-testid={`funnel-${step}`}>
                <span className="registration-funnel-count">{funnel[step]}</span>{' '}
                <span>{t(`registration.admin.funnel.${step}`)}</span>
              </li>
            ))}
          </ol>
        )}
      </LoadedView>
    </section>
  );
}
