import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { addTranslations } from '@/lib/i18n';
import { RateCardView } from '@/features/rate-card/components/rate-card-view';
import { rateCardEn } from '@/features/rate-card/locales/en';

addTranslations('rateCard', rateCardEn);

/** /Admin/RateByCity: the rate card (every city x material x rate type) and the materials. */
export function Component() {
  const { t } = useTranslation(['pages', 'rateCard']);
  return (
    <Page
      title={t('admin.rateByCity.title')}
      subtitle={t('admin.rateByCity.summary')}
      actions={
        <Button component={Link} to={paths.admin.rateByCityAddNewCity.getHref()} variant="contained" startIcon={<AddIcon />}>
          {t('rateCard:actions.addCity')}
        </Button>
      }
    >
      <RateCardView />
    </Page>
  );
}
