import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { DispatchView } from '@/features/dispatch/components/dispatch-view';

/** /Admin/Dispatch (design.md section 19): a city's pending pickups and drivers, live; a pickup sent to the nearest driver. */
export function Component() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('admin.dispatch.title')} subtitle={t('admin.dispatch.summary')}>
      <DispatchView />
    </Page>
  );
}
