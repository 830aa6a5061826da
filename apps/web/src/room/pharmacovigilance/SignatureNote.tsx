// What sending the report means, said above its button (issue 32; 21 CFR 11.50): filing signs the
// report, with the signer's printed name and the statement of what the signature means, in the reader's
// language. The server signs with the same name (the signed-in person's) and the same meaning.
import { SIGNATURE_MEANING_TEXT } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { useLocale } from '../../i18n/useLocale.ts';

export function SignatureNote({ id }: { id: string }) {
  const { t } = useTranslation('room');
  const locale = useLocale();
  const name = useCurrentUser()?.name ?? '';
  return (
    <div id={id} className="pv-signature" data-testid="pv-signature">
      <p className="pv-signature-by">{t('pharmacovigilance.signature.by', { name })}</p>
      <p className="pv-signature-meaning">{SIGNATURE_MEANING_TEXT[locale].authorship}</p>
    </div>
  );
}
