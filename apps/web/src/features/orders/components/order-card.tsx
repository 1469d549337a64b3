import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDateTime, formatOrderNumber, formatPickupSlot, formatWeight } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { Order } from '@app/shared/schemas/orders';
import { HouseholdTag } from '@/components/status/household-tag';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { DriverEtaLine } from './driver-eta';
import { storeMayCancel, type OrderRowActions } from './order-columns';
import { MaterialNames } from './material-names';

addTranslations('orders', ordersEn);

/** An order as a card on a phone: number, status, store, materials, the pickup slot, when, weight and amount. */
export function OrderCard({ order, showStore, actions }: { order: Order; showStore: boolean; actions: OrderRowActions }) {
  const { t } = useTranslation('orders');
  const href = actions.getDetailHref?.(order.id);
  const body = (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 700 }}>{formatOrderNumber(order.id)}</Typography>
        <OrderStatusChip status={order.status} />
      </Stack>
      {showStore && <Typography variant="body2">{order.store.name}</Typography>}
      {/* Beside the customer's name: a list of one's own pickups names no customer, nor tags them. */}
      {showStore && order.customer_kind === 'household' && (
        <Box sx={{ my: 0.5 }}>
          <HouseholdTag kind={order.customer_kind} />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" noWrap>
        <MaterialNames details={order.details} />
      </Typography>
      <DriverEtaLine order={order} />
      {order.pickup_slot && (
        <Typography variant="body2" data-testid="pickup-slot">
          {t('fields.pickupSlot')}: {formatPickupSlot(order.pickup_slot, istDay(new Date()))}
        </Typography>
      )}
      {order.receipt && (
        <Typography variant="body2" data-testid="receipt-number">
          {t('household.receipt')}: {order.receipt.number}
        </Typography>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(order.created_at)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {formatWeight(order.total_weight)} · {formatCurrency(order.vendor_amount)}
        </Typography>
      </Stack>
    </Box>
  );
  return (
    <Card elevation={0} square>
      {href ? (
        // Named by what it shows (number, status, store...): a label of its own would hide the
        // visible text from voice control ("label-content-name-mismatch").
        <CardActionArea component={RouterLink} to={href}>
          {body}
        </CardActionArea>
      ) : (
        <CardActionArea onClick={() => actions.onOpen(order)}>
          {body}
        </CardActionArea>
      )}
      {actions.onCancel && storeMayCancel(order) && (
        <Box sx={{ px: 2, pb: 1.5 }}>
          <Button size="small" color="error" startIcon={<CancelOutlinedIcon />} onClick={() => actions.onCancel?.(order)}>
            {t('list.cancel')}
          </Button>
        </Box>
      )}
    </Card>
  );
}
