import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatOrderNumber } from '@app/shared/format';
import { cancelBodySchema, ORDER_REASON_MAX } from '@app/shared/schemas/orders';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTransitionOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** The cancel body with its optional reason (the route also takes no body at all). */
const cancelReasonSchema = cancelBodySchema.unwrap().unwrap();

/** Asks before cancelling an order (with an optional reason), then cancels it. */
export function CancelOrderDialog({ orderId, open, onClose, onDone }: { orderId: number; open: boolean; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const transition = useTransitionOrder();
  const form = useZodForm(cancelReasonSchema, { defaultValues: { reason: '' } });
  const number = formatOrderNumber(orderId);

  const close = () => {
    if (transition.isPending) return;
    transition.reset();
    form.reset();
    form.setFormError(null);
    onClose();
  };

  const onSubmit = form.submit(async (values) => {
    await transition.mutateAsync({ action: 'cancel', id: orderId, body: { reason: values.reason || null } });
    notify.success(t('common:messages.updateSuccess'));
    form.reset();
    transition.reset();
    onClose();
    onDone?.();
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`cancel-${orderId}`} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <DialogTitle id={`cancel-${orderId}`}>{t('cancel.title', { number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('cancel.body')}</DialogContentText>
          <FormErrorAlert form={form} sx={{ mb: 2 }} />
          <FormTextField name="reason" label={t('cancel.reason')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: ORDER_REASON_MAX } }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={transition.isPending}>
            {t('cancel.keep')}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={transition.isPending}>
            {t('cancel.confirm')}
          </Button>
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
