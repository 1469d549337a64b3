import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatOrderNumber } from '@app/shared/format';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import type { Order } from '@app/shared/schemas/orders';
import { PlacesMap, type MapPoint } from '@/components/map/lazy-map';
import { useAgeText } from '../utils/use-age-text';

export interface DispatchMapProps {
  /** Oldest first: a pickup's number on the map is its place in the list. */
  pickups: readonly Order[];
  drivers: readonly DispatchDriver[];
  selectedId: number | null;
  onSelect: (orderId: number) => void;
  cityName: string;
  now: number;
  height: number;
}

const ORDER_ID = 'order:';

/**
 * The city on a map: each pickup whose store has a pin, numbered as in the list and named,
 * the chosen one ringed; each driver with a known position, a lorry badge with its name.
 * A click on a pickup chooses it. Pickups without a pin are only listed (and said so here).
 */
export function DispatchMap({ pickups, drivers, selectedId, onSelect, cityName, now, height }: DispatchMapProps) {
  const { t } = useTranslation('dispatch');
  const ageText = useAgeText();
  const points: MapPoint[] = [
    ...pickups.flatMap((order, index): MapPoint[] =>
      order.store.location
        ? [
            {
              ...order.store.location,
              kind: 'pickup',
              id: `${ORDER_ID}${order.id}`,
              label: String(index + 1),
              tag: order.store.name,
              selected: order.id === selectedId,
              title: t('map.pickup', { store: order.store.name, number: formatOrderNumber(order.id), age: ageText(order.created_at, now) }),
            },
          ]
        : [],
    ),
    ...drivers.flatMap((driver): MapPoint[] =>
      driver.position
        ? [
            {
              lat: driver.position.lat,
              lng: driver.position.lng,
              kind: 'driver',
              id: `driver:${driver.driver_id}`,
              tag: driver.name,
              title: t('map.driver', {
                name: driver.name,
                holds: driver.orders.length === 0 ? t('map.holdsNothing') : t('map.holds', { orders: driver.orders.map((order) => formatOrderNumber(order.id)).join(', ') }),
              }),
            },
          ]
        : [],
    ),
  ];
  const unpinned = pickups.filter((order) => !order.store.location).length;
  return (
    <Stack spacing={1}>
      <PlacesMap
        points={points}
        height={height}
        city={cityName}
        onSelect={(point) => {
          if (point.id?.startsWith(ORDER_ID)) onSelect(Number(point.id.slice(ORDER_ID.length)));
        }}
      />
      {unpinned > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="dispatch-unpinned">
          {t('map.notShown', { count: unpinned })}
        </Typography>
      )}
    </Stack>
  );
}
