import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatOrderNumber, formatPickupSlot, formatWeight } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { Loaded } from '@/components/page-states/loaded';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { useOrder } from '@/data/orders';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { DriverEta } from './driver-eta';
import { DetailFact, DetailSection, DetailSkeleton } from './order-detail-parts';
import { HouseholdOrderActions } from './household-order-actions';
import { HouseholdPaymentSection } from './household-payment-section';
import { OrderHistory } from './order-history';
import { OrderLinesTable } from './order-lines-table';

addTranslations('orders', ordersEn);

/**
 * A household's own pickup (design.md section 21), phone first: status, when and where, the
 * driver on the way, the weighed lines at the b2c rate, approving with how it was paid (or
 * calling the admin), the payment and receipt, and the order's history.
 */
export function HouseholdOrderView({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  return (
    <Loaded query={order} skeleton={<DetailSkeleton />}>
      {(loaded) => (
        <>
          {/* Outside the body, which starts afresh at each change: the live region stays and its new text is read out. */}
          <DriverEta order={loaded} />
          <HouseholdOrderBody key={`${loaded.id}:${loaded.updated_at}`} order={loaded} />
        </>
      )}
    </Loaded>
  );
}

function HouseholdOrderBody({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h2" component="p" sx={{ fontSize: '1.5rem' }}>
            {formatOrderNumber(order.id)}
          </Typography>
          <OrderStatusChip status={order.status} size="medium" />
        </Stack>
        {order.status === 'waiting_store' && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="approve-notice">
            {t('householdOrder.weighed')}
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <HouseholdOrderActions order={order} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <DetailFact label={t('householdOrder.address')}>{order.store.address}</DetailFact>
          {order.pickup_slot && (
            <DetailFact label={t('fields.pickupSlot')}>
              <span data-testid="pickup-slot">{formatPickupSlot(order.pickup_slot, istDay(new Date()))}</span>
            </DetailFact>
          )}
          <DetailFact label={t('fields.driver')}>
            {order.driver ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{order.driver.name}</span>
                {order.driver.phone && (
                  <Button size="small" variant="outlined" href={`tel:${order.driver.phone}`} startIcon={<PhoneOutlinedIcon />}>
                    {t('householdOrder.callDriver', { name: order.driver.name })}
                  </Button>
                )}
              </Stack>
            ) : (
              <Typography color="text.secondary">{t('detail.driverNone')}</Typography>
            )}
          </DetailFact>
          <DetailFact label={t('detail.created')}>{formatDateTime(order.created_at)}</DetailFact>
        </Box>
        {order.note && (
          <Alert severity="info" icon={false} sx={{ mt: 2 }}>
            <strong>{t('fields.note')}:</strong> {order.note}
          </Alert>
        )}
      </Paper>

      <DetailSection title={t('detail.lines')}>
        <OrderLinesTable lines={order.details} />
        <Typography sx={{ mt: 1.5, textAlign: 'right', fontWeight: 600 }}>
          {t('detail.totalWeight')}: {formatWeight(order.total_weight)}
        </Typography>
      </DetailSection>

      <HouseholdPaymentSection order={order} />

      <DetailSection title={t('detail.history')}>
        <OrderHistory events={order.events} />
      </DetailSection>
    </Stack>
  );
}
