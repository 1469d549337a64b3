import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useUpdateRateCell } from '../api/update-rate-cell';
import { readRate, toPaise } from '../utils/rates';
import type { CellTarget } from './rate-card-table';

export interface RateCellDialogProps {
  target: CellTarget;
  onClose: () => void;
  onShowHistory: (target: CellTarget) => void;
}

/** Changes one rate: type the new value, see old -> new, confirm, PUT. */
export function RateCellDialog({ target, onClose, onShowHistory }: RateCellDialogProps) {
  const { t } = useTranslation(['rateCard', 'common']);
  const { city, state, entry, rateType } = target;
  const cell = entry[rateType];
  const [text, setText] = useState(String(cell.rate));
  const [touched, setTouched] = useState(false);
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const update = useUpdateRateCell();

  const parsed = readRate(text);
  const same = parsed.ok && parsed.paise === toPaise(cell.rate);
  const fieldError = !parsed.ok ? t('validation.rateInvalid') : same ? t('edit.same') : null;
  const serverFieldError = update.error instanceof ApiError ? update.error.errors[`${rateType}_rate`]?.join(' ') : undefined;
  const typeLong = t(`rateTypeLong.${rateType}`);

  const review = () => {
    setTouched(true);
    if (fieldError) return;
    update.reset();
    setStep('confirm');
  };

  const confirm = () => {
    if (!parsed.ok) return;
    update.mutate(
      { cityId: city.id, materialId: entry.material.id, body: { [`${rateType}_rate`]: parsed.rupees } },
      {
        onSuccess: () => {
          notify.success(t('common:messages.updateSuccess'));
          onClose();
        },
        onError: () => setStep('edit'),
      },
    );
  };

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="rate-cell-title">
      <DialogTitle id="rate-cell-title">
        {step === 'confirm' ? t('edit.confirmTitle') : t('edit.title', { material: entry.material.name, city: city.name })}
        <Typography variant="body2" color="text.secondary">
          {t('edit.subtitle', { type: t(`rateTypes.${rateType}`), city: city.name, state: state.name })}
        </Typography>
      </DialogTitle>
      <DialogContent>
        {step === 'edit' ? (
          <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(e) => (e.preventDefault(), review())}>
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
            {update.isError && !serverFieldError && <Alert severity="error">{(update.error as ApiError).detail ?? String(update.error)}</Alert>}
            <TextField
              autoFocus
              label={t('edit.newRate')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onBlur={() => setTouched(true)}
              error={(touched && !!fieldError) || !!serverFieldError}
              helperText={(touched && fieldError) || serverFieldError || t('edit.helper')}
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
                material: entry.material.name,
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
            <Button variant="contained" onClick={review}>
              {t('actions.review')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('edit')} disabled={update.isPending}>
              {t('actions.back')}
            </Button>
            <Button variant="contained" onClick={confirm} loading={update.isPending}>
              {t('actions.confirmChange')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
