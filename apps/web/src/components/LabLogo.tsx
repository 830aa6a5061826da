// A lab's logo with a translated alternative text; nothing when the lab has none.
import { useTranslation } from 'react-i18next';

export function LabLogo({
  url,
  labName,
  className,
}: {
  url: string | null;
  labName: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (url === null) return null;
  return <img className={className ?? 'lab-logo'} src={url} alt={t('common.logoAlt', { name: labName })} />;
}
