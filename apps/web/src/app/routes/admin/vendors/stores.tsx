import { paths } from '@/config/paths';
import { PartnerPage } from '@/features/partners/components/partner-page';
import { StoresTable } from '@/features/partners/components/stores-table';

// /Admin/Vendors/Stores?id=: one vendor's stores.
export function Component() {
  return (
    <PartnerPage path={paths.admin.vendorsStores} listHref={paths.admin.vendors.getHref()} parent="vendor">
      {(id) => <StoresTable scope="admin" vendorId={id} />}
    </PartnerPage>
  );
}
