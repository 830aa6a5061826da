// The pharmacovigilance button and its modal (animators, lab module pharmacovigilance): the report
// form, then the saved confirmation, whose alert disappears after 2 s, and Ok closes it (live-room
// spec, section 4). Radix Dialog keeps the focus inside while it is open.
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { PharmacovigilanceForm } from './PharmacovigilanceForm.tsx';
import './pharmacovigilance.css';

/** The saved confirmation alert stays this long (live-room spec, section 4). */
export const SAVED_ALERT_MS = 2000;

type Step = 'form' | 'saved';

export function PharmacovigilanceDialog() {
  const { t } = useTranslation('room');
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('form');
  const [alertVisible, setAlertVisible] = useState(false);

  useEffect(() => {
    if (!alertVisible) return;
    const timer = setTimeout(() => setAlertVisible(false), SAVED_ALERT_MS);
    return () => clearTimeout(timer);
  }, [alertVisible]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Each opening starts a new report.
    if (next) {
      setStep('form');
      setAlertVisible(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button type="button" className="header-button" data-testid="pv-open">
          <Icon name="report" />
          <span className="header-button-label">{t('pharmacovigilance.open')}</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog pv-dialog" data-testid="pv-dialog">
          <header className="dialog-header">
            <Dialog.Title className="dialog-title">{t('pharmacovigilance.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('pharmacovigilance.close')}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </header>
          <Dialog.Description className="muted">
            {step === 'form' ? t('pharmacovigilance.intro') : t('pharmacovigilance.savedText')}
          </Dialog.Description>
          {step === 'form' ? (
            <PharmacovigilanceForm
              onSaved={() => {
                setStep('saved');
                setAlertVisible(true);
              }}
            />
          ) : (
            <div className="pv-saved">
              {alertVisible && (
                <p className="form-success alert-success" role="status" data-testid="pv-saved">
                  {t('pharmacovigilance.saved')}
                </p>
              )}
              <Dialog.Close className="button button-primary" data-testid="pv-ok">
                {t('pharmacovigilance.ok')}
              </Dialog.Close>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
