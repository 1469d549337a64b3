import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** The order id of a detail page's query string (`?id=42`), or null. */
export function useOrderIdParam(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Shown when a detail page was opened without a valid `?id=`. */
export function MissingOrderId({ listHref }: { listHref: string }): ReactNode {
  const { t } = useTranslation('orders');
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={listHref} nativeButton={false} color="inherit" size="small">
          {t('detail.back')}
        </Button>
      }
    >
      {t('detail.missingId')}
    </Alert>
  );
}
