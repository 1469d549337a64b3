import { useTranslation } from 'react-i18next';
import { MissingIdState } from '@/components/page-states/missing-id-state';
import { NS } from '../i18n';

export { useIdParam as useEscalationId } from '@/lib/use-id-param';

export function MissingEscalationId({ backHref }: { backHref: string }) {
  const { t } = useTranslation(NS);
  return <MissingIdState message={t('detail.missingId')} backHref={backHref} backLabel={t('detail.backToList')} />;
}
