import { paths } from '@/config/paths';
import { PartnerPage } from '@/features/partners/components/partner-page';
import { VendorDetail } from '@/features/partners/components/vendor-detail';

// /Admin/Vendors/store?id=: one vendor.
export function Component() {
  return (
    <PartnerPage path={paths.admin.vendorsStore} listHref={paths.admin.vendors.getHref()}>
      {(id) => <VendorDetail id={id} />}
    </PartnerPage>
  );
}
