import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { MissingId, useIdParam } from '@/features/partners/components/id-param';
import { StoreInfo } from '@/features/partners/components/store-info';
import { NS } from '@/features/partners/i18n';

// One of the vendor's stores (?id=): details (editable), account, numbers.
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  const id = useIdParam();
  const back = paths.vendor.store.getHref();
  return (
    <Page
      title={t(paths.vendor.storeStoreInfo.titleKey)}
      actions={
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={back}>
          {t(`${NS}:common.backToList`)}
        </Button>
      }
    >
      {id === null ? <MissingId backHref={back} /> : <StoreInfo id={id} ordersHref={paths.vendor.storeOrders.getHref({ id })} />}
    </Page>
  );
}
