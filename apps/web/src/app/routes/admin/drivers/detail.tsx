import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { DriverDetail } from '@/features/partners/components/driver-detail';
import { MissingId, useIdParam } from '@/features/partners/components/id-param';
import { NS } from '@/features/partners/i18n';

// /Admin/Drivers/Detail?id=: one driver.
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  const id = useIdParam();
  const back = paths.admin.drivers.getHref();
  return (
    <Page
      title={t(paths.admin.driverDetail.titleKey)}
      actions={
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={back}>
          {t(`${NS}:common.backToList`)}
        </Button>
      }
    >
      {id === null ? <MissingId backHref={back} /> : <DriverDetail id={id} />}
    </Page>
  );
}
