import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDistanceMetres } from '@app/shared/format';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { PlacesMap } from '@/components/map/lazy-map';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { arrivalPlace } from '@/lib/order-event-time';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/** Small: the admin sees where the store is, not a city. */
const MAP_HEIGHT = 220;

/**
 * The admin's map card of an order (design.md section 18): the store's pin, and where the
 * driver said "Arrived" measured against it. No pin: the stores list, found by name, where
 * the admin sets it.
 */
export function StoreMapCard({ order, arrivalRadiusM }: { order: OrderDetail; arrivalRadiusM: number | null }) {
  const { t } = useTranslation('orders');
  const { store } = order;
  // The events come oldest first; the latest arrival is the one that counts. (No findLast: older phones' browsers.)
  const lastArrival = [...order.events].reverse().find((event) => event.action === 'arrived');
  const place = lastArrival ? arrivalPlace(lastArrival, arrivalRadiusM) : null;
  // A household's home is not on the stores page: its pin is its own to set.
  const household = order.customer_kind === 'household';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="store-map-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id="store-map-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {t(household ? 'storeMap.householdTitle' : 'storeMap.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {store.address}
      </Typography>
      <Stack spacing={1.5}>
        {store.location ? (
          <PlacesMap points={[{ ...store.location, title: t(household ? 'storeMap.householdMapTitle' : 'storeMap.mapTitle', { name: store.name }) }]} height={MAP_HEIGHT} />
        ) : household ? (
          <Alert severity="info" data-testid="store-map-no-pin">
            {t('storeMap.householdNoPin')}
          </Alert>
        ) : (
          <Alert severity="info" data-testid="store-map-no-pin">
            {t('storeMap.noPin')}{' '}
            <Link component={RouterLink} to={paths.admin.stores.getHref({ search: store.name })}>
              {t('storeMap.setPin')}
            </Link>
          </Alert>
        )}
        {place && (
          <Alert severity={place.at === 'store' ? 'success' : 'warning'} data-testid="store-map-arrival">
            {place.at === 'store' ? t('detail.arrivedAtStore') : t('detail.arrivedAway', { distance: formatDistanceMetres(place.metres) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
