import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { CityPicker, type CityPickerProps } from '@/components/form/city-picker';
import { useCities } from '@/data/catalog';

export type CityFieldProps = Omit<CityPickerProps, 'texts'>;

/** The sign-up's city, with a Retry under it when the list could not be loaded. */
export function CityField(props: CityFieldProps) {
  const { t } = useTranslation(['auth', 'common']);
  const cities = useCities();
  return (
    <Stack spacing={1}>
      <CityPicker {...props} texts={{ label: t('fields.city'), noOptions: t('signup.noCity'), failed: t('signup.citiesFailed'), loading: t('signup.citiesLoading') }} />
      {cities.isError && (
        <Button variant="text" size="small" onClick={() => void cities.refetch()} sx={{ alignSelf: 'flex-start' }}>
          {t('common:actions.retry')}
        </Button>
      )}
    </Stack>
  );
}
