import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { City } from '@app/shared/schemas/catalog';
import type { Loaded } from '@/data/public-rates';
import { cityName } from '@/lib/city-name';
import { nativeFieldSx } from './native-field';

interface CityFieldProps {
  cities: Loaded<City[]> & { retry: () => void };
  cityId: number | null;
  onChange: (cityId: number | null) => void;
}

/** The city to see rates for: the browser's own picker, disabled until the cities are there. */
export function CityField({ cities, cityId, onChange }: CityFieldProps) {
  const { t } = useTranslation('sell');
  const list = cities.status === 'success' ? cities.data : [];
  return (
    <Stack spacing={0.75}>
      <Typography component="label" htmlFor="sell-city" sx={{ fontWeight: 500 }}>
        {t('city')}
      </Typography>
      <Box
        component="select"
        id="sell-city"
        name="city"
        value={cityId === null ? '' : String(cityId)}
        disabled={cities.status !== 'success'}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        sx={{ ...nativeFieldSx, width: '100%' }}
      >
        <option value="">{cities.status === 'success' ? t('cityChoose') : t('cityLoading')}</option>
        {list.map((city) => (
          <option key={city.id} value={String(city.id)}>
            {cityName(city)}
          </option>
        ))}
      </Box>
      {cities.status === 'error' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography role="alert" color="error" variant="body2" sx={{ flex: '1 1 16rem' }}>
            {t('citiesFailed')}
          </Typography>
          <Button variant="outlined" onClick={cities.retry}>
            {t('retry')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
