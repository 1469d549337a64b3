import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormErrorAlert, ZodForm } from '@/components/form/zod-form';
import { notify } from '@/lib/notify';
import { useUpdateRateCell } from '@/data/rate-card';
import { readRate, toPaise } from '../utils/rates';
import type { CellTarget } from './rate-card-table';
import { useMaterialName } from '@/data/catalog';

export interface RateCellDialogProps {
  target: CellTarget;
  onClose: () => void;
  onShowHistory: (target: CellTarget) => void;
}

/** The new rate as typed: a valid rate (as PUT checks it), and not the current one. */
function useNewRateSchema(currentPaise: number) {
  const { t } = useTranslation('rateCard');
  return useMemo(
    () =>
      z.object({
        rate: z
          .string()
          .refine((text) => readRate(text).ok, t('validation.rateInvalid'))
          .refine((text) => {
            const parsed = readRate(text);
            return !parsed.ok || parsed.paise !== currentPaise;
          }, t('edit.same')),
      }),
    [currentPaise, t],
  );
}

/** Changes one rate: type the new value, see old -> new, confirm, PUT. */
export function RateCellDialog({ target, onClose, onShowHistory }: RateCellDialogProps) {
  const { t } = useTranslation(['rateCard', 'common']);
  const nameOf = useMaterialName();
  const { city, state, entry, rateType } = target;
  const cell = entry[rateType];
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const update = useUpdateRateCell();
  // The server names the field by its rate type (`vendor_rate`); the form has one field.
  const form = useZodForm(useNewRateSchema(toPaise(cell.rate)), { defaultValues: { rate: String(cell.rate) }, fieldMap: { [`${rateType}_rate`]: 'rate' } });
  const parsed = readRate(useWatch({ control: form.control, name: 'rate' }) ?? '');
  const typeLong = t(`rateTypeLong.${rateType}`);

  const review = form.handleSubmit(() => {
    form.setFormError(null);
    setStep('confirm');
  });

  const confirm = form.submit(async (values) => {
    const rate = readRate(values.rate);
    if (!rate.ok) return;
    try {
      await update.mutateAsync({ cityId: city.id, materialId: entry.material.id, body: { [`${rateType}_rate`]: rate.rupees } });
    } catch (error) {
      setStep('edit');
      throw error;
    }
    notify.success(t('common:messages.updateSuccess'));
    onClose();
  });

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="rate-cell-title">
      <DialogTitle id="rate-cell-title">
        {step === 'confirm' ? t('edit.confirmTitle') : t('edit.title', { material: nameOf(entry.material), city: city.name })}
        <Typography variant="body2" color="text.secondary">
          {t('edit.subtitle', { type: t(`rateTypes.${rateType}`), city: city.name, state: state.name })}
        </Typography>
      </DialogTitle>
      <ZodForm form={form} onSubmit={step === 'edit' ? review : confirm} formErrorOnTop={false}>
        <DialogContent>
          {step === 'edit' ? (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <div>
                <Typography variant="overline" color="text.secondary">
                  {t('edit.current')}
                </Typography>
                <Typography variant="h3" component="p">
                  {formatCurrency(cell.rate)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {cell.is_default
                    ? t('edit.isDefault')
                    : cell.updated_at
                      ? cell.updated_by
                        ? t('table.lastChanged', { name: cell.updated_by.name, time: formatDateTime(cell.updated_at) })
                        : t('table.lastChangedUnknown', { time: formatDateTime(cell.updated_at) })
                      : t('table.neverChanged')}
                </Typography>
              </div>
              <FormErrorAlert form={form} />
              <FormTextField
                name="rate"
                autoFocus
                label={t('edit.newRate')}
                hint={t('edit.helper')}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', 'aria-describedby': undefined },
                  input: { endAdornment: <InputAdornment position="end">{t('units.inrPerKg')}</InputAdornment> },
                }}
              />
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography>
                {t('edit.confirmText', {
                  type: typeLong,
                  material: nameOf(entry.material),
                  city: city.name,
                  from: formatCurrency(cell.rate),
                  to: parsed.ok ? formatCurrency(parsed.rupees) : '',
                })}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} aria-hidden>
                <Typography sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>{formatCurrency(cell.rate)}</Typography>
                <Typography>→</Typography>
                <Typography sx={{ fontWeight: 700 }}>{parsed.ok ? formatCurrency(parsed.rupees) : ''}</Typography>
              </Stack>
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {step === 'edit' ? (
            <>
              <Button startIcon={<HistoryIcon />} onClick={() => onShowHistory(target)} sx={{ mr: 'auto' }}>
                {t('actions.history')}
              </Button>
              <Button onClick={onClose}>{t('actions.cancel')}</Button>
              <Button type="submit" variant="contained">
                {t('actions.review')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => setStep('edit')} disabled={update.isPending}>
                {t('actions.back')}
              </Button>
              <Button type="submit" variant="contained" loading={update.isPending}>
                {t('actions.confirmChange')}
              </Button>
            </>
          )}
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
