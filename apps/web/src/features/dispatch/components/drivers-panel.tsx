import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDistance, formatOrderNumber, formatTime } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import type { Order } from '@app/shared/schemas/orders';
import { EmptyState } from '@/components/page-states/empty-state';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { paths } from '@/config/paths';
import { useTransitionOrder } from '@/data/orders';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { driversByDistance, type RankedDriver } from '../utils/drivers-by-distance';
import { sendToDriverBody } from '../utils/send-body';

export interface DriversPanelProps {
  drivers: readonly DispatchDriver[];
  cityName: string;
  /** The pickup chosen: drivers come nearest first, each with "Send to driver". */
  pickup: Order | null;
  onClear: () => void;
  /** The pickup went to a driver (it leaves the pending list). */
  onSent: () => void;
  now: number;
}

/** When the position was taken: the time alone today, with its day otherwise. */
const positionTime = (at: string, now: number) => (istDay(new Date(at)) === istDay(new Date(now)) ? formatTime(at) : formatDateTime(at));

/**
 * The city's drivers with their last positions and what each holds; with a pickup chosen,
 * nearest first (straight line to the store's pin; unknown positions after), and "Send to
 * driver" does what the admin's approval with a driver does on the order's page.
 */
export function DriversPanel({ drivers, cityName, pickup, onClear, onSent, now }: DriversPanelProps) {
  const { t } = useTranslation(['dispatch', 'common']);
  const transition = useTransitionOrder();
  const [sendingTo, setSendingTo] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const ranked = driversByDistance(drivers, pickup?.store.location ?? null);
  const sendable = pickup ? sendToDriverBody(pickup, 0) !== null : false;

  const send = (order: Order, driver: DispatchDriver) => {
    const body = sendToDriverBody(order, driver.driver_id);
    if (!body) return;
    setSendingTo(driver.driver_id);
    setFailure(null);
    transition.mutate(
      { action: 'waiting_driver', id: order.id, body },
      {
        onSuccess: () => {
          notify.success(t('drivers.sent', { number: formatOrderNumber(order.id), name: driver.name }));
          onSent();
        },
        onError: (error) => {
          notify.error(t('common:messages.haveAnError'));
          setFailure(error);
        },
        onSettled: () => setSendingTo(null),
      },
    );
  };

  const failureText = failure instanceof ApiError ? (failure.errors.driver_id?.join(' ') ?? failure.detail) : failure ? t('common:messages.haveAnError') : null;

  return (
    <Stack spacing={1.5}>
      {pickup ? (
        <Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
              {t('drivers.nearest', { store: pickup.store.name })}
            </Typography>
            <Button size="small" onClick={onClear}>
              {t('drivers.clear')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('drivers.nearestHint', { number: formatOrderNumber(pickup.id) })}{' '}
            <Link component={RouterLink} to={paths.admin.orderDetail.getHref({ id: pickup.id })}>
              {t('drivers.openOrder')}
            </Link>
          </Typography>
        </Box>
      ) : (
        <Box>
          <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
            {t('drivers.heading', { city: cityName })}
          </Typography>
          {drivers.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('drivers.choosePickup')}
            </Typography>
          )}
        </Box>
      )}
      {pickup && !pickup.store.location && (
        <Alert severity="info" data-testid="dispatch-store-no-pin">
          {t('drivers.storeNoPin')}{' '}
          <Link component={RouterLink} to={paths.admin.stores.getHref({ search: pickup.store.name })}>
            {t('drivers.setPin')}
          </Link>
        </Alert>
      )}
      {pickup && !sendable && (
        <Alert severity="warning" data-testid="dispatch-needs-weights">
          {t('drivers.needsWeights')}{' '}
          <Link component={RouterLink} to={paths.admin.orderDetail.getHref({ id: pickup.id })}>
            {t('drivers.openOrder')}
          </Link>
        </Alert>
      )}
      {failureText && (
        <Alert severity="error" role="alert">
          {failureText}
        </Alert>
      )}
      {drivers.length === 0 ? (
        <EmptyState icon={<LocalShippingOutlinedIcon fontSize="inherit" />} title={t('drivers.empty', { city: cityName })} description={t('drivers.emptyHint')} />
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={pickup ? t('drivers.nearest', { store: pickup.store.name }) : t('drivers.heading', { city: cityName })}>
          {ranked.map((entry, index) => (
            <DriverRow
              key={entry.driver.driver_id}
              entry={entry}
              now={now}
              measured={pickup?.store.location != null}
              action={
                pickup && (
                  <Button
                    variant={index === 0 && entry.km !== null ? 'contained' : 'outlined'}
                    onClick={() => send(pickup, entry.driver)}
                    loading={sendingTo === entry.driver.driver_id}
                    disabled={!sendable || (sendingTo !== null && sendingTo !== entry.driver.driver_id)}
                    aria-describedby={`dispatch-driver-${entry.driver.driver_id}`}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('drivers.send')}
                  </Button>
                )
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface DriverRowProps {
  entry: RankedDriver;
  now: number;
  /** A pickup with a pin is chosen: the distance is said (or that the position is unknown). */
  measured: boolean;
  action: ReactNode;
}

function DriverRow({ entry: { driver, km }, now, measured, action }: DriverRowProps) {
  const { t } = useTranslation('dispatch');
  return (
    <Box component="li" data-testid="dispatch-driver" data-driver-id={driver.driver_id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography id={`dispatch-driver-${driver.driver_id}`} sx={{ fontWeight: 600 }}>
              {driver.name}
            </Typography>
            {measured && km !== null && (
              <Typography sx={{ fontWeight: 600, color: 'primary.main' }} data-testid="driver-distance">
                {t('drivers.away', { distance: formatDistance(km) })}
              </Typography>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="driver-position">
            {driver.position ? t('drivers.positionAt', { time: positionTime(driver.position.at, now) }) : t('drivers.positionUnknown')}
          </Typography>
          {driver.orders.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="driver-holds">
              {t('drivers.holdsNothing')}
            </Typography>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }} data-testid="driver-holds">
              <Typography variant="body2" color="text.secondary">
                {t('drivers.holds', { count: driver.orders.length })}
              </Typography>
              {driver.orders.map((order) => (
                <Stack key={order.id} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Link component={RouterLink} to={paths.admin.orderDetail.getHref({ id: order.id })} variant="body2">
                    {formatOrderNumber(order.id)}
                  </Link>
                  <OrderStatusChip status={order.status} />
                </Stack>
              ))}
            </Stack>
          )}
        </Box>
        {action}
      </Stack>
    </Box>
  );
}
