import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePublicCities, usePublicRates } from '@/data/public-rates';
import { chosenCityId, keepChosenCity } from '@/lib/chosen-city';
import { addTranslations } from '@/lib/i18n';
import { useHydrated } from '@/lib/prerendered-login';
import { useSession } from '@/lib/session';
import { sellEn } from '../locales/en';
import { CityField } from './city-field';
import { RatesEstimate } from './rates-estimate';

addTranslations('sell', sellEn);

/**
 * /Sell (design.md section 21): choose a city, see today's b2c rates, type rough kg, see the
 * estimate, book a pickup. The build prerenders it (decision 026's mechanism): what it renders
 * before `useHydrated()` turns true is what every visitor's HTML holds, so nothing the device
 * knows (the kept city, the session) is read until then.
 */
export function SellPage() {
  const { t } = useTranslation('sell');
  const hydrated = useHydrated();
  const session = useSession();
  const cities = usePublicCities(hydrated);
  // undefined: nothing picked on this visit, so the city kept from the last one.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const [kg, setKg] = useState<Record<string, string>>({});
  const wanted = picked !== undefined ? picked : hydrated ? chosenCityId() : null;
  // A kept city that is no longer in the list (removed) counts as none.
  const cityId = wanted !== null && cities.status === 'success' && !cities.data.some((city) => city.id === wanted) ? null : wanted;
  // Asked for with the cities, not after them: a returning visitor's rates come one round trip sooner.
  const rates = usePublicRates(cityId);
  const city = cities.status === 'success' ? cities.data.find((c) => c.id === cityId) : undefined;
  const cityLabel = city?.name ?? (rates.status === 'success' ? rates.data.city?.name : undefined) ?? '';

  const choose = (id: number | null) => {
    setPicked(id);
    keepChosenCity(id);
  };
  const book = hydrated && session.user?.role === 'household' ? paths.household.book : paths.household.start;

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h1">{t('heading')}</Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
      </Stack>
      <CityField cities={cities} cityId={cityId} onChange={choose} />
      {cityId === null || (rates.status === 'error' && rates.error.status === 404) ? (
        <Typography color="text.secondary">{t('chooseFirst')}</Typography>
      ) : rates.status === 'pending' ? (
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', minHeight: 96 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('ratesLoading')}</Typography>
        </Stack>
      ) : rates.status === 'error' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography role="alert" color="error" sx={{ flex: '1 1 16rem' }}>
            {t('ratesFailed')}
          </Typography>
          <Button variant="outlined" onClick={rates.retry}>
            {t('retry')}
          </Button>
        </Stack>
      ) : rates.data.rates.length === 0 ? (
        <Typography role="status">{t('noRates', { city: cityLabel })}</Typography>
      ) : (
        <RatesEstimate cityName={cityLabel} rates={rates.data.rates} kg={kg} onKgChange={(material, value) => setKg((before) => ({ ...before, [material]: value }))} />
      )}
      <Button component={Link} to={book.getHref()} variant="contained" size="large" sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        {t('book')}
      </Button>
    </Stack>
  );
}
