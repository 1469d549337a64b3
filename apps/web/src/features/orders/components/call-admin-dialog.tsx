import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatOrderNumber } from '@app/shared/format';
import { CALL_ADMIN_REASON_MAX, callAdminFormSchema } from '@app/shared/schemas/orders';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useTransitionOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** The usual complaints, one tap each; "other" leaves the words to the store. */
const QUICK_CHOICES = ['weight', 'material', 'amount'] as const;

/**
 * "Call admin" asks what is wrong before the order goes to the admin (decision 031): a
 * short required text, filled by a quick choice or typed. The text reaches the admin in
 * the notification and stays in the order's history.
 */
export function CallAdminDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const transition = useTransitionOrder();
  const form = useZodForm(callAdminFormSchema, { defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const number = formatOrderNumber(orderId);
  const titleId = `call-admin-${orderId}`;

  const close = () => {
    if (!transition.isPending) onClose();
  };
  const choose = (text: string) => form.setValue('reason', text, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  const other = () => {
    if (QUICK_CHOICES.some((choice) => t(`callAdmin.choices.${choice}`) === reason)) form.setValue('reason', '');
    form.setFocus('reason');
  };

  const onSubmit = form.submit(async (values) => {
    try {
      await transition.mutateAsync({ action: 'waiting_admin', id: orderId, body: { reason: values.reason } });
    } catch (error) {
      // product-spec.md section 8: a failed call to the admin says "Have an error!"; the form shows why.
      notify.error(t('common:messages.haveAnError'));
      throw error;
    }
    notify.success(t('common:messages.updateSuccess'));
    onClose();
  });

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: '100%' } } } }}>
      <ZodForm form={form} onSubmit={onSubmit} formErrorOnTop={false}>
        <DialogTitle id={titleId}>{t('callAdmin.title', { number })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('callAdmin.intro')}</DialogContentText>
          <FormErrorAlert form={form} sx={{ mb: 2 }} />
          <Stack direction="row" useFlexGap spacing={1} role="group" aria-label={t('callAdmin.choicesLabel')} sx={{ flexWrap: 'wrap', mb: 2 }}>
            {QUICK_CHOICES.map((choice) => {
              const text = t(`callAdmin.choices.${choice}`);
              const chosen = reason === text;
              return (
                <Chip
                  key={choice}
                  label={text}
                  color={chosen ? 'primary' : 'default'}
                  variant={chosen ? 'filled' : 'outlined'}
                  onClick={() => choose(text)}
                  aria-pressed={chosen}
                  component="button"
                  type="button"
                />
              );
            })}
            <Chip label={t('callAdmin.choices.other')} variant="outlined" onClick={other} component="button" type="button" />
          </Stack>
          <FormTextField
            name="reason"
            label={t('callAdmin.reason')}
            required
            multiline
            minRows={2}
            hint={t('callAdmin.reasonHint', { n: CALL_ADMIN_REASON_MAX })}
            slotProps={{ htmlInput: { maxLength: CALL_ADMIN_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={transition.isPending}>
            {t('callAdmin.back')}
          </Button>
          <Button type="submit" color="error" variant="contained" loading={transition.isPending}>
            {t('callAdmin.send')}
          </Button>
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
