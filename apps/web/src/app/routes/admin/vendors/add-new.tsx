import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { VendorForm } from '@/features/partners/components/vendor-form';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  const navigate = useNavigate();
  return (
    <Page title={t(paths.admin.vendorsAddNew.titleKey)} maxWidth={860}>
      <VendorForm
        onCreated={(vendor) => void navigate(paths.admin.vendorsStore.getHref({ id: vendor.id }))}
        onCancel={() => void navigate(paths.admin.vendors.getHref())}
      />
    </Page>
  );
}
