import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatInteger } from '@app/shared/format';
import type { Order } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

// design.md section 19: the store (its vendor and admins too) sees its driver coming. The
// API sends `eta` only while the order is `moving`; an `order` event on the change feed
// refetches the order when it changes (features/live), so these render whatever is cached.

type EtaOrder = Pick<Order, 'status' | 'eta'>;

/** "Driver on the way: 3.2 km, about 11 min", "Driver on the way", "Driver has arrived"; null for any other status. */
export function useDriverEtaText(order: EtaOrder): string | null {
  const { t } = useTranslation('orders');
  if (order.status === 'arrived') return t('eta.arrived');
  if (order.status !== 'moving') return null;
  if (!order.eta) return t('eta.onTheWay');
  return t('eta.onTheWayIn', { distance: formatDistance(order.eta.distance_km), minutes: formatInteger(order.eta.minutes), count: order.eta.minutes });
}

/**
 * The order page's line about the driver. The live region stays in the page whatever the
 * status, empty when there is nothing to say, so a screen reader hears each change of its
 * text (a region that appears already filled is often not read).
 */
export function DriverEta({ order }: { order: EtaOrder }) {
  const text = useDriverEtaText(order);
  const Icon = order.status === 'arrived' ? PlaceOutlined : LocalShippingOutlined;
  return (
    <Box role="status" aria-atomic="true" data-testid="driver-eta">
      {text && (
        <Paper variant="outlined" sx={{ mb: 2.5, px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, borderColor: 'primary.main' }}>
          <Icon color="primary" />
          <Typography sx={{ fontWeight: 600 }}>{text}</Typography>
        </Paper>
      )}
    </Box>
  );
}

/** The same, as one line of an order's card in a list (no live region: a list of them would talk over each other). */
export function DriverEtaLine({ order }: { order: EtaOrder }) {
  const text = useDriverEtaText(order);
  if (!text) return null;
  return (
    <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }} data-testid="driver-eta-line">
      {text}
    </Typography>
  );
}
