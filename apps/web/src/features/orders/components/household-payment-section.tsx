import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { openReceiptPdf } from '@/data/receipts';
import { ApiError } from '@/lib/api-error';
import type { Language } from '@/lib/language';
import { notify } from '@/lib/notify';

const RECEIPT_LANGUAGES: readonly { language: Language; label: 'pdfEn' | 'pdfHi' }[] = [
  { language: 'en', label: 'pdfEn' },
  { language: 'hi', label: 'pdfHi' },
];

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * A household's pickup on the admin's order page (design.md section 21): what the driver
 * pays or paid the household at the door (the b2c amount), how, and the receipt it got,
 * its PDF in English or Hindi (GET /orders/{id}/receipt.pdf?lang=).
 */
export function HouseholdPaymentSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const [opening, setOpening] = useState<Language | null>(null);
  const { payment, receipt } = order;

  const open = async (language: Language) => {
    setOpening(language);
    try {
      await openReceiptPdf(order.id, language);
    } catch (error) {
      notify.error(t('household.pdfFailed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      setOpening(null);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="household-payment-heading" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="household-payment">
      <Typography id="household-payment-heading" variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t('household.heading')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Fact label={t(payment ? 'household.amount' : 'household.toPay')}>{formatCurrency(order.vendor_amount)}</Fact>
        {payment && (
          <Fact label={t('household.method')} testId="payment-method">
            {t(`household.methods.${payment.method}`)}
          </Fact>
        )}
        {payment?.reference && (
          <Fact label={t('household.reference')} testId="payment-reference">
            {payment.reference}
          </Fact>
        )}
        {receipt && (
          <Fact label={t('household.receipt')} testId="receipt-number">
            {receipt.number}
            <Typography variant="body2" color="text.secondary">
              {t('household.issued', { time: formatDateTime(receipt.issued_at) })}
            </Typography>
          </Fact>
        )}
      </Box>
      {!payment && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('household.notPaid')}
        </Typography>
      )}
      {receipt ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {RECEIPT_LANGUAGES.map(({ language, label }) => (
            <Button
              key={language}
              variant="outlined"
              startIcon={<PictureAsPdfOutlinedIcon />}
              onClick={() => void open(language)}
              loading={opening === language}
              disabled={opening !== null && opening !== language}
            >
              {t(`household.${label}`)}
            </Button>
          ))}
        </Stack>
      ) : (
        payment && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {t('household.noReceipt')}
          </Typography>
        )
      )}
    </Paper>
  );
}
