import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { VendorsOverview } from '@/features/partners/components/vendors-overview';
import { NS } from '@/features/partners/i18n';

// The admin start page: what needs attention, every vendor, the vendor sign-ups.
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  return (
    <Page
      title={t(paths.admin.vendors.titleKey)}
      subtitle={t('admin.vendors.summary')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.admin.vendorsAddNew.getHref()}>
          {t(`${NS}:vendors.add`)}
        </Button>
      }
    >
      <VendorsOverview />
    </Page>
  );
}
