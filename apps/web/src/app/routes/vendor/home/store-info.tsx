import { PlannedPage } from '@/components/page-states/planned-page';

// Vendor section: what this page will hold, until it is built. Replace this
// component (and only this file) with the real page.
export function Component() {
  return <PlannedPage page="vendor.homeStoreInfo" />;
}
