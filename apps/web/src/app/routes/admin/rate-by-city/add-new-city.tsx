import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { AddCityForm } from '@/features/rate-card/components/add-city-form';
import { rateCardEn } from '@/features/rate-card/locales/en';

addTranslations('rateCard', rateCardEn);

/** /Admin/RateByCity/AddNewCity: a new city with its rates; back to the card, showing it. */
export function Component() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  return (
    <Page title={t('admin.rateByCityAddNewCity.title')} subtitle={t('admin.rateByCityAddNewCity.summary')} maxWidth={960}>
      <AddCityForm
        onDone={(city) => void navigate(paths.admin.rateByCity.getHref({ city_id: city.id, highlight: city.id }))}
        onCancel={() => void navigate(paths.admin.rateByCity.getHref())}
      />
    </Page>
  );
}
