import { useTranslation } from 'react-i18next';
import { MissingIdState } from '@/components/page-states/missing-id-state';
import { NS } from '../i18n';

export { useIdParam } from '@/lib/use-id-param';

/** A partner's detail page opened without a usable ?id=. */
export function MissingId({ backHref }: { backHref: string }) {
  const { t } = useTranslation(NS);
  return <MissingIdState message={t('common.missingId')} backHref={backHref} backLabel={t('common.backToList')} />;
}
