import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { DriverRoute } from '@/features/driver/components/driver-route';

// The driver's day: the accepted and moving pickups in the order of the shortest drive (design.md section 18).
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('driver.route.title')} subtitle={t('driver.route.summary')} maxWidth={720}>
      <DriverRoute />
    </Page>
  );
}
