import { paths } from '@/config/paths';
import { PartnerPage } from '@/features/partners/components/partner-page';
import { StoreInfo } from '@/features/partners/components/store-info';

// One of the vendor's stores (?id=), from its home page: details (editable), account, numbers.
export function Component() {
  return (
    <PartnerPage path={paths.vendor.homeStoreInfo} listHref={paths.vendor.home.getHref()}>
      {(id) => <StoreInfo id={id} ordersHref={paths.vendor.storeOrders.getHref({ id })} />}
    </PartnerPage>
  );
}
