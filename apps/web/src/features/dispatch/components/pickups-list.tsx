import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import LocationOffOutlinedIcon from '@mui/icons-material/LocationOffOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber, formatPickupSlot } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import type { Order } from '@app/shared/schemas/orders';
import { EmptyState } from '@/components/page-states/empty-state';
import { useAgeText } from '../utils/use-age-text';

export interface PickupsListProps {
  /** Oldest first, as GET /orders answered them. */
  pickups: readonly Order[];
  /** How many pending pickups the city has (X-Total-Count), when more than are listed. */
  total: number | null;
  cityName: string;
  selectedId: number | null;
  onSelect: (orderId: number) => void;
  now: number;
}

/**
 * A city's pending pickups, oldest first: each numbered as on the map, its store, how long it
 * has waited and its slot; one chosen at a time (again: chosen no more). A store without a pin
 * is said to be missing from the map.
 */
export function PickupsList({ pickups, total, cityName, selectedId, onSelect, now }: PickupsListProps) {
  const { t } = useTranslation('dispatch');
  const ageText = useAgeText();
  const today = istDay(new Date(now));
  if (pickups.length === 0) return <EmptyState title={t('pickups.empty', { city: cityName })} description={t('pickups.emptyHint')} />;
  const count = total ?? pickups.length;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('pickups.count', { count })}
        {count > pickups.length && ` ${t('pickups.more', { shown: pickups.length, total: count })}`}
      </Typography>
      <List aria-label={t('pickups.list')} disablePadding sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
        {pickups.map((order, index) => {
          const selected = order.id === selectedId;
          return (
            <ListItem key={order.id} disablePadding data-testid="dispatch-pickup" data-order-id={order.id}>
              <ListItemButton
                selected={selected}
                aria-pressed={selected}
                onClick={() => onSelect(order.id)}
                sx={{ border: 1, borderColor: selected ? 'secondary.main' : 'divider', borderWidth: selected ? 2 : 1, borderRadius: 1, alignItems: 'flex-start', gap: 1.5 }}
              >
                <Avatar aria-hidden sx={{ bgcolor: 'primary.main', width: 28, height: 28, fontSize: '0.9rem', fontWeight: 700, mt: 0.25 }}>
                  {index + 1}
                </Avatar>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                    <Typography sx={{ fontWeight: 600 }} noWrap>
                      {order.store.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {formatOrderNumber(order.id)}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {order.store.address}
                  </Typography>
                  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                    <Line icon={<ScheduleOutlinedIcon fontSize="inherit" />} testId="pickup-age">
                      {t('pickups.waiting', { age: ageText(order.created_at, now) })}
                    </Line>
                    <Line icon={<EventOutlinedIcon fontSize="inherit" />} testId="pickup-slot">
                      {order.pickup_slot ? t('pickups.slot', { slot: formatPickupSlot(order.pickup_slot, today) }) : t('pickups.anyTime')}
                    </Line>
                    {!order.store.location && (
                      <Line icon={<LocationOffOutlinedIcon fontSize="inherit" />} testId="pickup-no-pin">
                        {t('pickups.noPin')}
                      </Line>
                    )}
                  </Stack>
                  {selected && (
                    <Typography variant="caption" sx={{ fontWeight: 700, color: 'secondary.main' }}>
                      {t('pickups.selected')}
                    </Typography>
                  )}
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}

function Line({ icon, testId, children }: { icon: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', typography: 'body2' }} data-testid={testId}>
      <Box aria-hidden sx={{ display: 'flex' }}>
        {icon}
      </Box>
      <span>{children}</span>
    </Stack>
  );
}
