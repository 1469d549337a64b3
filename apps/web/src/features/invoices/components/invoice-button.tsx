import { useState } from 'react';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { openInvoicePdf } from '@/data/invoices';
import { invoicesEn } from '../locales/en';

addTranslations('invoices', invoicesEn);

export interface InvoiceButtonProps {
  orderId: number;
  /** The order's status: only a completed order has an invoice (design.md section 11). */
  status: string;
}

/**
 * "Invoice" on a completed order's page. Whoever sees the order page (admin, the order's
 * vendor, the order's store) may open its invoice; the API answers 404 to anyone else.
 */
export function InvoiceButton({ orderId, status }: InvoiceButtonProps) {
  const { t } = useTranslation('invoices');
  const [opening, setOpening] = useState(false);
  if (status !== 'completed') return null;

  const open = async () => {
    setOpening(true);
    try {
      await openInvoicePdf(orderId);
    } catch (error) {
      notify.error(t('failed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Tooltip title={t('openHint')} describeChild>
      <Button variant="outlined" startIcon={<ReceiptOutlinedIcon />} onClick={() => void open()} loading={opening} data-testid="invoice-button">
        {t('open')}
      </Button>
    </Tooltip>
  );
}
