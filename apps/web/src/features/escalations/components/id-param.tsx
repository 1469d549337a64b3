import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/page-states/empty-state';
import { NS } from '../i18n';

/** The issue id of a detail page (?id=N), or null when absent or not a positive whole number. */
export function useEscalationId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function MissingEscalationId({ backHref }: { backHref: string }) {
  const { t } = useTranslation(NS);
  return (
    <EmptyState
      description={t('detail.missingId')}
      action={
        <Button variant="outlined" component={RouterLink} to={backHref}>
          {t('detail.backToList')}
        </Button>
      }
    />
  );
}
