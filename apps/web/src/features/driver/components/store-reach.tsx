import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DirectionsOutlinedIcon from '@mui/icons-material/DirectionsOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { useTranslation } from 'react-i18next';
import { directionsUrl } from '@app/shared/geo';
import type { Order } from '@app/shared/schemas/orders';

type OrderStore = Order['store'];

/** Where Navigate goes: the store's pin, else its address with the city (so Maps finds the right town). */
export function storeDestination(store: OrderStore, cityName: string | null): string {
  return directionsUrl(store.location ?? [store.address, cityName].filter(Boolean).join(', '));
}

/** `tel:` wants the digits and the plus only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Navigate (Google Maps' directions, in a new tab or the Maps app) and Call (the phone's
 * dialler; none when the store has no phone): how a driver reaches a store.
 */
export function StoreReachButtons({ store, cityName }: { store: OrderStore; cityName: string | null }) {
  const { t } = useTranslation('driver');
  return (
    <Stack direction="row" spacing={1} sx={{ width: '100%' }}>
      <Button
        component="a"
        href={storeDestination(store, cityName)}
        target="_blank"
        rel="noopener noreferrer"
        variant="outlined"
        startIcon={<DirectionsOutlinedIcon />}
        sx={{ flex: 1 }}
      >
        {t('card.navigate')}
      </Button>
      {store.phone && (
        <Button component="a" href={telHref(store.phone)} variant="outlined" startIcon={<PhoneOutlinedIcon />} sx={{ flex: 1 }}>
          {t('card.call')}
        </Button>
      )}
    </Stack>
  );
}
