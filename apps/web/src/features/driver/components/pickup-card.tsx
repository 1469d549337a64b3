import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import NearMeOutlinedIcon from '@mui/icons-material/NearMeOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDistance, formatOrderNumber, formatPickupSlot, formatWeight } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { Order } from '@app/shared/schemas/orders';
import { paths } from '@/config/paths';
import { HouseholdTag } from '@/components/status/household-tag';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { useMaterialName } from '@/data/catalog';
import { StoreReachButtons } from './store-reach';

export interface PickupCardProps {
  order: Order;
  cityName: string | null;
  /** The big button(s) at the bottom. */
  actions?: ReactNode;
  /** One line about what comes next. */
  nextStep?: string;
  /** Beside the status (the outbox's "waiting to send"). */
  badge?: ReactNode;
  /**
   * Straight-line km to the store; null: the store has no pin; 'pending': the position or the
   * answer is on its way (the line is kept, so the card does not move); absent: no line.
   */
  distance?: number | null | 'pending';
  /** Navigate and Call buttons above the actions. */
  reach?: boolean;
  /** The first card of the board: its store's name is when the driver's data shows (element-timing.d.ts). */
  first?: boolean;
}

function DetailLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** One pickup on the driver's board: store, place, distance, slot, materials and when it was asked for. */
export function PickupCard({ order, cityName, actions, nextStep, badge, distance, reach, first }: PickupCardProps) {
  const { t } = useTranslation('driver');
  const nameOf = useMaterialName();
  const address = order.store.address;
  const href = paths.driver.orderDetail.getHref({ id: order.id });
  return (
    <Card variant="outlined" component="article" aria-label={`${order.store.name} ${formatOrderNumber(order.id)}`} data-order-id={order.id}>
      <CardActionArea component={RouterLink} to={href}>
        <CardContent sx={{ pb: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }} noWrap elementtiming={first ? 'first-card' : undefined}>
                {order.store.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatOrderNumber(order.id)}
              </Typography>
            </Box>
            <Stack spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
              <OrderStatusChip status={order.status} />
              {/* A household's pickup: its own rules at the door (the b2c amount paid, a code or its approval). */}
              <HouseholdTag kind={order.customer_kind} />
              {badge}
            </Stack>
          </Stack>
          <Stack spacing={0.5} sx={{ mt: 1.5 }}>
            <DetailLine icon={<PlaceOutlinedIcon fontSize="small" aria-hidden />}>{[address, cityName].filter(Boolean).join(', ') || '—'}</DetailLine>
            {distance !== undefined && (
              <DetailLine icon={<NearMeOutlinedIcon fontSize="small" aria-hidden />}>
                <span data-testid="pickup-distance">
                  {distance === 'pending' ? <Skeleton component="span" width="4em" sx={{ display: 'inline-block' }} /> : distance === null ? t('card.noLocation') : formatDistance(distance)}
                </span>
              </DetailLine>
            )}
            {order.pickup_slot && (
              <DetailLine icon={<EventOutlinedIcon fontSize="small" aria-hidden />}>
                <span data-testid="pickup-slot">{t('card.slot', { slot: formatPickupSlot(order.pickup_slot, istDay(new Date())) })}</span>
              </DetailLine>
            )}
            <DetailLine icon={<ScheduleOutlinedIcon fontSize="small" aria-hidden />}>{t('home.created', { time: formatDateTime(order.created_at) })}</DetailLine>
          </Stack>
          <Box component="ul" aria-label={t('home.materials')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
            {order.details.map((line) => (
              <Box
                component="li"
                key={line.id}
                sx={{ px: 1, py: 0.25, borderRadius: 1, bgcolor: 'action.hover', typography: 'body2' }}
              >
                {nameOf(line.material)}
                {line.weight !== null && ` · ${formatWeight(line.weight)}`}
              </Box>
            ))}
          </Box>
          {nextStep && (
            <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600, color: 'primary.main' }}>
              {nextStep}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
      {(actions || reach) && (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, pt: 0, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
          {reach && <StoreReachButtons store={order.store} cityName={cityName} />}
          {actions}
        </CardActions>
      )}
    </Card>
  );
}
