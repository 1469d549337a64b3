import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { MissingId, useIdParam } from '@/features/partners/components/id-param';
import { VendorDetail } from '@/features/partners/components/vendor-detail';
import { NS } from '@/features/partners/i18n';

// /Admin/Vendors/store?id=: one vendor.
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  const id = useIdParam();
  const back = paths.admin.vendors.getHref();
  return (
    <Page
      title={t(paths.admin.vendorsStore.titleKey)}
      actions={
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={back}>
          {t(`${NS}:common.backToList`)}
        </Button>
      }
    >
      {id === null ? <MissingId backHref={back} /> : <VendorDetail id={id} />}
    </Page>
  );
}
