import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NavigationOutlinedIcon from '@mui/icons-material/NavigationOutlined';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatOrderNumber, formatPickupSlot } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { Order } from '@app/shared/schemas/orders';
import { PlacesMap } from '@/components/map/lazy-map';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { HouseholdTag } from '@/components/status/household-tag';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { paths } from '@/config/paths';
import { useCities } from '@/data/catalog';
import { orderFromCachedLists } from '@/data/orders';
import { addTranslations } from '@/lib/i18n';
import { usePositionChoice } from '@/lib/position-choice';
import { useSession } from '@/lib/session';
import { useDevicePosition } from '@/lib/use-device-position';
import { driverEn } from '../locales/en';
import { useDriverOutbox } from '../outbox/driver-outbox-instance';
import { acceptWaits, projectedStatus, waitingFor } from '../outbox/project-order';
import { planDayRoute, type RouteStop } from '../utils/day-route';
import { useHeldOrders } from '../utils/held-orders';
import { PositionBar } from './position-bar';
import { StoreReachButtons } from './store-reach';

addTranslations('driver', driverEn);

interface StopRowProps {
  order: Order;
  cityName: string | null;
  /** Absent: a store without a pin, not in the route. */
  stop?: RouteStop;
}

/** One stop: its number, the store, where it is, how far from the stop before, its slot, and how to get there. */
function StopRow({ order, cityName, stop }: StopRowProps) {
  const { t } = useTranslation('driver');
  const distance =
    stop === undefined
      ? null
      : stop.fromPreviousKm === null
        ? t('route.start')
        : stop.number === 1
          ? t('route.fromYou', { km: formatDistance(stop.fromPreviousKm) })
          : t('route.fromStop', { km: formatDistance(stop.fromPreviousKm), n: stop.number - 1 });
  return (
    <Card component="li" variant="outlined" data-order-id={order.id} data-testid={stop ? 'route-stop' : 'route-unplaced'} aria-label={stop ? `${t('route.stop', { n: stop.number })}: ${order.store.name}` : order.store.name}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          {stop && (
            <Avatar sx={{ bgcolor: 'primary.main', width: 32, height: 32, fontSize: '1rem', fontWeight: 700 }} data-testid="stop-number">
              {stop.number}
            </Avatar>
          )}
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
              <Link component={RouterLink} to={paths.driver.orderDetail.getHref({ id: order.id })} variant="h3" underline="hover" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                {order.store.name}
              </Link>
              <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
                <OrderStatusChip status={order.status} />
                <HouseholdTag kind={order.customer_kind} />
              </Stack>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatOrderNumber(order.id)} · {[order.store.address, cityName].filter(Boolean).join(', ')}
            </Typography>
            {distance && (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="stop-distance">
                {distance}
              </Typography>
            )}
            {order.pickup_slot && (
              <Typography variant="body2" color="text.secondary">
                {t('card.slot', { slot: formatPickupSlot(order.pickup_slot, istDay(new Date())) })}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
      <Box sx={{ px: 2, pb: 2 }}>
        <StoreReachButtons store={order.store} cityName={cityName} />
      </Box>
    </Card>
  );
}

/**
 * The day's route (design.md section 18): the driver's accepted and moving pickups numbered
 * in the order of the shortest drive from the phone's position, on a map and as a list, with
 * the total km and one link that opens the whole route in Maps. Built from the held orders
 * the phone keeps, so it works offline (the map's tiles may be missing; the list is not).
 */
export function DriverRoute() {
  const { t } = useTranslation('driver');
  const driverId = useSession().user?.driverId ?? null;
  const cities = useCities();
  const held = useHeldOrders(driverId);
  const queryClient = useQueryClient();
  const outbox = useDriverOutbox();
  const choice = usePositionChoice();
  const position = useDevicePosition(choice === 'use');
  const origin = position.status === 'ready' ? position.position : null;

  // As this phone will have it once the outbox is sent: a pickup accepted offline (as the
  // board listed it) joins the route, an arrival waiting takes a stop off it. Planned at each
  // render: a day's few stops take well under a millisecond.
  const items = held.data?.items ?? [];
  const acceptedHere = [...new Set(outbox.entries.map((entry) => entry.orderId))]
    .filter((id) => !items.some((order) => order.id === id) && acceptWaits(waitingFor(id, outbox.entries)))
    .flatMap((id) => orderFromCachedLists(queryClient, id) ?? []);
  const orders = [...items, ...acceptedHere].map((order) => ({ ...order, status: projectedStatus(order.status, waitingFor(order.id, outbox.entries)) }));
  const route = planDayRoute(orders, origin ? { lat: origin.lat, lng: origin.lng } : null);

  const cityName = (id: number) => cities.data?.find((c) => c.id === id)?.name ?? null;
  const positionBar = <PositionBar choice={choice} state={position} without={t('route.fromFirstStop')} />;

  if (driverId !== null && held.isPending) {
    return (
      <Stack spacing={2} aria-hidden>
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={140} />
      </Stack>
    );
  }
  if (held.isError && !held.data) return <ErrorState error={held.error} onRetry={() => void held.refetch()} />;
  if (route.stops.length === 0 && route.unplaced.length === 0) {
    return (
      <EmptyState
        icon={<RouteOutlinedIcon fontSize="inherit" />}
        title={t('route.empty')}
        description={t('route.emptyHint')}
        action={
          <Button component={RouterLink} to={paths.driver.home.getHref()} variant="contained">
            {t('route.toHome')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack spacing={2}>
      {positionBar}
      {route.stops.length > 0 && (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }} data-testid="route-total">
              {t('route.total', { km: formatDistance(route.totalKm) })}
            </Typography>
            <Typography color="text.secondary">{t('route.stops', { count: route.stops.length })}</Typography>
          </Stack>
          {route.links.length === 1 ? (
            <Button component="a" href={route.links[0]} target="_blank" rel="noopener noreferrer" variant="contained" size="large" startIcon={<NavigationOutlinedIcon />} data-testid="route-link">
              {t('route.openAll')}
            </Button>
          ) : (
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary">
                {t('route.legsHint')}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {route.links.map((link, index) => (
                  <Button key={link} component="a" href={link} target="_blank" rel="noopener noreferrer" variant="contained" startIcon={<NavigationOutlinedIcon />} data-testid="route-link">
                    {t('route.leg', { n: index + 1 })}
                  </Button>
                ))}
              </Stack>
            </Stack>
          )}
          <PlacesMap
            points={route.stops.map((stop) => ({ lat: stop.location.lat, lng: stop.location.lng, label: String(stop.number), title: `${stop.number}. ${stop.order.store.name}` }))}
            origin={origin ? { lat: origin.lat, lng: origin.lng } : undefined}
            height={280}
          />
          <Stack component="ol" spacing={1.5} aria-label={t('route.list')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {route.stops.map((stop) => (
              <StopRow key={stop.order.id} order={stop.order} cityName={cityName(stop.order.city_id)} stop={stop} />
            ))}
          </Stack>
        </>
      )}
      {route.unplaced.length > 0 && (
        <Stack component="section" spacing={1.5} aria-labelledby="route-unplaced-heading">
          <div>
            <Typography id="route-unplaced-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
              {t('route.unplaced')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('route.unplacedHint')}
            </Typography>
          </div>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {route.unplaced.map((order) => (
              <StopRow key={order.id} order={order} cityName={cityName(order.city_id)} />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
