import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/page-states/empty-state';
import { DeferredRender } from '@/components/page/deferred-render';
import { ErrorState } from '@/components/page-states/error-state';
import { TabBar } from '@/components/tabs/tab-bar';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { usePageSettled } from '@/lib/page-settled';
import { usePositionChoice } from '@/lib/position-choice';
import { useSession } from '@/lib/session';
import { nearParam, useDevicePosition, type DevicePositionState } from '@/lib/use-device-position';
import { distanceKm } from '@app/shared/geo';
import { istDay } from '@app/shared/india-time';
import type { Order } from '@app/shared/schemas/orders';
import { useCities } from '@/data/catalog';
import { orderQuery, useOrderPages } from '@/data/orders';
import { driverEn } from '../locales/en';
import { useDriverOutbox } from '../outbox/driver-outbox-instance';
import { acceptWaits, projectedStatus, waitingFor } from '../outbox/project-order';
import { useDriverStep } from '../outbox/use-driver-step';
import { ROUTE_STATUSES } from '../utils/day-route';
import { useHeldOrders } from '../utils/held-orders';
import { PENDING_PAGE, pendingOrders } from '../pending-orders';
import { notifyStepError } from '../utils/transition-errors';
import { OutboxPanel, WaitingChip } from './outbox-panel';
import { PickupCard } from './pickup-card';
import { PositionBar } from './position-bar';

addTranslations('driver', driverEn);

function CardsSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      {[0, 1].map((i) => (
        <Skeleton key={i} variant="rounded" height={150} />
      ))}
    </Stack>
  );
}

/**
 * A card's km: the API's (`near`), else from the phone's position here with the same
 * haversine (a held pickup, or the rows kept on screen while the nearest-first answer is on
 * its way or the phone is offline); 'pending' keeps the line while the position comes.
 */
function cardDistance(order: Order, position: DevicePositionState): number | null | 'pending' | undefined {
  if (order.distance_km !== undefined) return order.distance_km;
  if (position.status === 'ready') return order.store.location ? distanceKm(position.position, order.store.location) : null;
  return position.status === 'locating' ? 'pending' : undefined;
}

function SectionHeading({ id, title, hint }: { id: string; title: string; hint: string }) {
  return (
    <div>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </div>
  );
}

const PREFETCH_SETTLE_MS = 300;

/**
 * Every order the driver holds, in full, on the phone: readable where the signal drops. Once
 * the board has settled: on a slow network the board itself comes first. A component of its
 * own, so the moment it settles re-renders only it, not the board's cards.
 */
function HeldOrdersPrefetch({ heldIds }: { heldIds: string }) {
  const queryClient = useQueryClient();
  const settled = usePageSettled(PREFETCH_SETTLE_MS);
  useEffect(() => {
    if (!settled) return;
    for (const id of heldIds ? heldIds.split(',').map(Number) : []) void queryClient.prefetchQuery(orderQuery(id));
  }, [heldIds, queryClient, settled]);
  return null;
}

/** The driver's board: the active pickups first (the work at hand), then the pickups to take. */

export function DriverHome() {
  const { t } = useTranslation(['driver', 'common']);
  const navigate = useNavigate();
  const driverId = useSession().user?.driverId ?? null;
  const cities = useCities();
  const positionChoice = usePositionChoice();
  const position = useDevicePosition(positionChoice === 'use');
  const near = position.status === 'ready' ? nearParam(position.position) : undefined;
  const [todayOnly, setTodayOnly] = useState(false);
  // With a position, nearest first (`near` replaces the ordering); "Today": the slots of India's today.
  const pendingQuery = pendingOrders({ near, pickupDate: todayOnly ? istDay(new Date()) : undefined });
  const pending = useOrderPages(pendingQuery, PENDING_PAGE);
  const active = useHeldOrders(driverId);
  const outbox = useDriverOutbox();
  const step = useDriverStep();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [tab, setTab] = useState<'available' | 'active' | null>(null);

  const cityName = (id: number) => cities.data?.find((c) => c.id === id)?.name ?? null;

  // Accepted, whether the server has heard of it yet or not: open it and go on with the next step.
  const accept = (id: number) => {
    void step
      .run(id, { kind: 'accepted' }, () => void pending.refetch())
      .then((result) => {
        if (result) void navigate(paths.driver.orderDetail.getHref({ id }));
      })
      .catch(notifyStepError);
  };

  const heldIds = (active.data?.items ?? []).map((order) => order.id).join(',');

  // As this phone will have it once the outbox is sent: an accept waiting moves a pickup to the active ones.
  const project = (order: Order): Order => ({ ...order, status: projectedStatus(order.status, waitingFor(order.id, outbox.entries)) });
  const acceptedHere = (order: Order) => acceptWaits(waitingFor(order.id, outbox.entries));
  const serverPending = pending.data?.pages.flatMap((page) => page.items) ?? [];
  const activeItems = [...(active.data?.items ?? []), ...serverPending.filter(acceptedHere)].map(project);
  const pendingItems = serverPending.filter((order) => !acceptedHere(order));
  const pendingTotal = pending.data?.pages[0]?.total === undefined || pending.data.pages[0].total === null ? undefined : pending.data.pages[0].total - (serverPending.length - pendingItems.length);
  // Phones show one list at a time: the active pickups when there are any, else the ones to take.
  // Chosen once the active list is known, so the tab does not switch under the driver's finger.
  const defaultTab = driverId !== null && active.isPending ? null : activeItems.length > 0 ? 'active' : 'available';
  const effectiveTab = tab ?? defaultTab;
  // On the way to a store, the position line says whether that store sees the driver coming
  // (decision 078), first in the held pickups' list; otherwise it belongs to the pickups it
  // sorts. Inside the lists, not above the tabs: it comes with the answers, and above them it
  // pushed the tabs and the cards down as it appeared.
  const moving = activeItems.some((order) => order.status === 'moving');
  // Not before the held orders are known: the sorting question must not show first and turn into the store's.
  const positionBar =
    driverId !== null && active.isPending ? null : <PositionBar choice={positionChoice} state={position} without={t(moving ? 'position.notShared' : 'home.byWaitingTime')} moving={moving} />;

  const activeSection = (
    <Stack component="section" spacing={2} aria-labelledby="active-heading">
      <SectionHeading id="active-heading" title={t('home.active')} hint={t('home.activeHint')} />
      {moving && positionBar}
      {driverId !== null && active.isPending ? (
        <CardsSkeleton />
      ) : active.isError && !active.data ? (
        <ErrorState error={active.error} onRetry={() => void active.refetch()} />
      ) : activeItems.length === 0 ? (
        <EmptyState icon={<LocalShippingOutlinedIcon fontSize="inherit" />} title={t('home.noActive')} description={t('home.noActiveHint')} />
      ) : (
        activeItems.map((order, i) => (
          <PickupCard
            key={order.id}
            first={i === 0}
            order={order}
            cityName={cityName(order.city_id)}
            nextStep={t('home.nextStep', { step: order.customer_kind === 'household' && order.status === 'waiting_store' ? t('next.waitingHousehold') : t(`next.${order.status}`) })}
            badge={waitingFor(order.id, outbox.entries).length > 0 ? <WaitingChip /> : undefined}
            // On the way to the store: how far, and how to get there or call.
            {...((ROUTE_STATUSES as readonly string[]).includes(order.status) ? { reach: true, distance: cardDistance(order, position) } : {})}
            actions={
              <Button fullWidth size="large" variant="contained" onClick={() => void navigate(paths.driver.orderDetail.getHref({ id: order.id }))}>
                {t('home.open')}
              </Button>
            }
          />
        ))
      )}
    </Stack>
  );

  const availableSection = (
    <Stack component="section" spacing={2} aria-labelledby="available-heading">
      <SectionHeading id="available-heading" title={t('home.available')} hint={t(near ? 'home.availableHintNearest' : 'home.availableHint')} />
      {/* A phone shows one list at a time: there it goes with either. */}
      {(!moving || !wide) && positionBar}
      <div>
        <Chip
          label={t('home.today')}
          title={t('home.todayHint')}
          icon={todayOnly ? <CheckIcon /> : undefined}
          color={todayOnly ? 'primary' : 'default'}
          variant={todayOnly ? 'filled' : 'outlined'}
          aria-pressed={todayOnly}
          onClick={() => setTodayOnly((on) => !on)}
          data-testid="today-filter"
        />
      </div>
      {pending.isPending ? (
        <CardsSkeleton />
      ) : pending.isError && !pending.data ? (
        <ErrorState error={pending.error} onRetry={() => void pending.refetch()} />
      ) : pendingItems.length === 0 ? (
        <EmptyState
          icon={<LocalShippingOutlinedIcon fontSize="inherit" />}
          title={t(todayOnly ? 'home.noToday' : 'home.noAvailable')}
          description={t(todayOnly ? 'home.noTodayHint' : 'home.noAvailableHint')}
        />
      ) : (
        <>
          {pendingItems.map((order, i) => (
            <PickupCard
              key={order.id}
              first={i === 0}
              order={order}
              cityName={cityName(order.city_id)}
              distance={cardDistance(order, position)}
              reach
              actions={
                <Button
                  fullWidth
                  size="large"
                  variant="contained"
                  loading={step.busy?.orderId === order.id}
                  disabled={step.busy !== null}
                  onClick={() => accept(order.id)}
                  sx={{ py: 1.5, fontSize: '1.05rem' }}
                >
                  {t('home.accept')}
                </Button>
              }
            />
          ))}
          {pending.hasNextPage && (
            <Button variant="outlined" size="large" onClick={() => void pending.fetchNextPage()} loading={pending.isFetchingNextPage} data-testid="pickups-more">
              {t('home.loadMore', { shown: pendingItems.length, total: pendingTotal ?? pendingItems.length })}
            </Button>
          )}
        </>
      )}
    </Stack>
  );

  // The board's cards render after each answer's blocking render, in slices (decision 041).
  if (wide) {
    return (
      <Stack spacing={2}>
        <HeldOrdersPrefetch heldIds={heldIds} />
        <OutboxPanel />
        <DeferredRender>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 3, alignItems: 'start' }}>
            {availableSection}
            {activeSection}
          </Box>
        </DeferredRender>
      </Stack>
    );
  }

  const countLabel = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  return (
    <Stack spacing={2}>
      <HeldOrdersPrefetch heldIds={heldIds} />
      <OutboxPanel />
      <TabBar
        value={effectiveTab}
        onChange={setTab}
        layout="fill"
        items={[
          { value: 'available', id: 'tab-available', controls: 'panel-available', label: countLabel(t('home.tabAvailable'), pendingTotal ?? (pending.data ? pendingItems.length : undefined)) },
          { value: 'active', id: 'tab-active', controls: 'panel-active', label: countLabel(t('home.tabActive'), active.data ? activeItems.length : undefined) },
        ]}
        sx={{ position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 1, bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider' }}
      />
      <DeferredRender>
        {effectiveTab === null ? (
          <CardsSkeleton />
        ) : (
          <div role="tabpanel" id={`panel-${effectiveTab}`} aria-labelledby={`tab-${effectiveTab}`}>
            {effectiveTab === 'active' ? activeSection : availableSection}
          </div>
        )}
      </DeferredRender>
    </Stack>
  );
}
