import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatOrderNumber } from '@app/shared/format';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { useCities } from '@/data/catalog';
import { useDrivers } from '@/data/partners';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

export interface ApproveDriverDialogProps {
  orderId: number;
  cityId: number;
  /** The approval's failure, if any: `errors.driver_id` shows at the field. */
  error: unknown;
  pending: boolean;
  onConfirm: (driverId: number) => void;
  onClose: () => void;
}

/**
 * An admin approving an order no driver holds must hand it to one (design.md section 7):
 * the drivers of the order's city, one chosen, then the approval goes out with `driver_id`.
 */
export function ApproveDriverDialog({ orderId, cityId, error, pending, onConfirm, onClose }: ApproveDriverDialogProps) {
  const { t } = useTranslation(['orders', 'common']);
  const drivers = useDrivers({ city_id: cityId, approval_status: 'approved' });
  const cityName = useCities().data?.find((city) => city.id === cityId)?.name;
  const [driverId, setDriverId] = useState<number | ''>('');
  const [touched, setTouched] = useState(false);
  const options = drivers.data?.pages.flatMap((page) => page.items) ?? [];
  const serverError = error instanceof ApiError ? error.errors.driver_id?.join(' ') : undefined;
  const otherError = error instanceof ApiError && !serverError ? error.detail : undefined;
  const missing = touched && driverId === '' ? t('approveDriver.required') : undefined;

  const confirm = () => {
    setTouched(true);
    if (driverId !== '') onConfirm(driverId);
  };

  return (
    <Dialog open onClose={() => !pending && onClose()} aria-labelledby={`approve-driver-${orderId}`} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }}>
      <DialogTitle id={`approve-driver-${orderId}`}>{t('approveDriver.title', { number: formatOrderNumber(orderId) })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{cityName ? t('approveDriver.intro', { city: cityName }) : t('approveDriver.introNoCity')}</DialogContentText>
        {drivers.isError && <Alert severity="error">{drivers.error instanceof ApiError ? drivers.error.detail : t('common:messages.haveAnError')}</Alert>}
        {drivers.isSuccess && options.length === 0 && <Alert severity="warning">{t('approveDriver.none')}</Alert>}
        {otherError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {otherError}
          </Alert>
        )}
        <TextField
          select
          fullWidth
          required
          label={t('approveDriver.driver')}
          value={driverId}
          onChange={(event) => setDriverId(Number(event.target.value))}
          onBlur={() => setTouched(true)}
          disabled={drivers.isPending || options.length === 0}
          error={!!(serverError ?? missing)}
          helperText={serverError ?? missing ?? t('approveDriver.hint')}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 310 } } } } } }}
        >
          {options.map((driver) => (
            <MenuItem key={driver.id} value={driver.id}>
              {t('approveDriver.option', { name: driver.member?.name ?? driver.vehicle_number, vehicle: driver.vehicle_number, count: driver.active_order_count })}
            </MenuItem>
          ))}
        </TextField>
        {drivers.hasNextPage && (
          <Button onClick={() => void drivers.fetchNextPage()} loading={drivers.isFetchingNextPage} sx={{ mt: 1 }}>
            {t('approveDriver.more')}
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('dialog.close')}
        </Button>
        <Button color="success" variant="contained" onClick={confirm} loading={pending} disabled={options.length === 0}>
          {t('approveDriver.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
