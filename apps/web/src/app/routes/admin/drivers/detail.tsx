import { paths } from '@/config/paths';
import { DriverDetail } from '@/features/partners/components/driver-detail';
import { PartnerPage } from '@/features/partners/components/partner-page';

// /Admin/Drivers/Detail?id=: one driver.
export function Component() {
  return (
    <PartnerPage path={paths.admin.driverDetail} listHref={paths.admin.drivers.getHref()}>
      {(id) => <DriverDetail id={id} />}
    </PartnerPage>
  );
}
