import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CityPicker } from '@/components/form/city-picker';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { useCities } from '@/data/catalog';
import { useDispatchDrivers } from '@/data/dispatch';
import { useOrders } from '@/data/orders';
import { addTranslations } from '@/lib/i18n';
import { dispatchEn } from '../locales/en';
import { useNow } from '../utils/use-now';
import { DispatchMap } from './dispatch-map';
import { DriversPanel } from './drivers-panel';
import { PickupsList } from './pickups-list';

addTranslations('dispatch', dispatchEn);

/** The city in the address: `?city_id=N`. */
export const CITY_PARAM = 'city_id';
/** One page of a city's pending pickups: more than a dispatcher places at once. */
export const PICKUPS_LIMIT = 100;

const cityIdOf = (value: string | null): number | null => {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /Admin/Dispatch (design.md section 19): one city, chosen here and kept in the address, with
 * its pending pickups and its drivers on a map and in lists, live.
 */
export function DispatchView() {
  const { t } = useTranslation('dispatch');
  const [params, setParams] = useSearchParams();
  const cityId = cityIdOf(params.get(CITY_PARAM));
  const cities = useCities();
  const cityName = cities.data?.find((city) => city.id === cityId)?.name ?? '';
  return (
    <Stack spacing={2.5}>
      <Box sx={{ maxWidth: 360 }}>
        <CityPicker
          value={cityId}
          onChange={(id) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              if (id === null) next.delete(CITY_PARAM);
              else next.set(CITY_PARAM, String(id));
              return next;
            })
          }
          texts={{ label: t('city.label'), noOptions: t('city.noOptions'), failed: t('city.failed'), loading: t('city.loading') }}
        />
      </Box>
      {cityId === null ? (
        <EmptyState icon={<MapOutlinedIcon fontSize="inherit" />} title={t('chooseCity')} description={t('chooseCityHint')} />
      ) : (
        // A new city starts with nothing chosen.
        <CityDispatch key={cityId} cityId={cityId} cityName={cityName} />
      )}
    </Stack>
  );
}

function Panel({ labelledBy, children }: { labelledBy?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={labelledBy} sx={{ p: { xs: 1.5, sm: 2 } }}>
      {children}
    </Paper>
  );
}

function CityDispatch({ cityId, cityName }: { cityId: number; cityName: string }) {
  const { t } = useTranslation('dispatch');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const now = useNow();
  const pickups = useOrders({ status: ['pending'], city_id: cityId, ordering: 'created_at' }, { limit: PICKUPS_LIMIT });
  const drivers = useDispatchDrivers(cityId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const items = pickups.data?.items ?? [];
  // A pickup taken meanwhile (by a driver, or sent from elsewhere) is chosen no more.
  const selected = items.find((order) => order.id === selectedId) ?? null;
  const toggle = (orderId: number) => setSelectedId((current) => (current === orderId ? null : orderId));

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // Beside each other on a desktop; one under the other on tablets and phones.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(380px, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 80 } }}>
        {pickups.isPending || drivers.isPending ? (
          <Skeleton variant="rounded" height={wide ? 560 : 360} />
        ) : (
          <DispatchMap
            pickups={items}
            drivers={drivers.data ?? []}
            selectedId={selected?.id ?? null}
            onSelect={toggle}
            cityName={cityName}
            now={now}
            height={wide ? 560 : 360}
          />
        )}
      </Box>
      <Stack spacing={2}>
        <Panel labelledBy="dispatch-pickups-heading">
          <Typography id="dispatch-pickups-heading" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {t('pickups.heading')}
          </Typography>
          {pickups.isPending ? (
            <Stack spacing={1} aria-hidden>
              <Skeleton variant="rounded" height={88} />
              <Skeleton variant="rounded" height={88} />
            </Stack>
          ) : pickups.isError && !pickups.data ? (
            <ErrorState error={pickups.error} onRetry={() => void pickups.refetch()} />
          ) : (
            <PickupsList pickups={items} total={pickups.data?.total ?? null} cityName={cityName} selectedId={selected?.id ?? null} onSelect={toggle} now={now} />
          )}
        </Panel>
        <Panel>
          {drivers.isPending ? (
            <Stack spacing={1} aria-hidden>
              <Skeleton variant="text" width="50%" />
              <Skeleton variant="rounded" height={72} />
            </Stack>
          ) : drivers.isError && !drivers.data ? (
            <ErrorState error={drivers.error} onRetry={() => void drivers.refetch()} />
          ) : (
            <DriversPanel drivers={drivers.data ?? []} cityName={cityName} pickup={selected} onClear={() => setSelectedId(null)} onSent={() => setSelectedId(null)} now={now} />
          )}
        </Panel>
      </Stack>
    </Box>
  );
}
