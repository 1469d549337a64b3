import type { ParseKeys } from 'i18next';
import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddBoxOutlinedIcon from '@mui/icons-material/AddBoxOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BalanceOutlinedIcon from '@mui/icons-material/BalanceOutlined';
import CurrencyRupeeOutlinedIcon from '@mui/icons-material/CurrencyRupeeOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import type { Role } from '@app/shared/constants';
import { paths, type AppPath } from './paths';

// The navigation drawer of each section: the pages a person opens directly. Detail pages
// (OrderDetail, StoreInfo, ...) are reached from their lists and light up their parent.

export interface NavItem {
  page: AppPath;
  icon: typeof SvgIcon;
  /** Light up only on this exact path (the dashboard at /Admin would match everything). */
  exact?: boolean;
}

export interface NavGroup {
  /** i18n key of the group heading; none for the main group. */
  headingKey?: ParseKeys<'common'>;
  items: NavItem[];
}

export const NAVIGATION: Record<Role, NavGroup[]> = {
  admin: [
    {
      items: [
        { page: paths.admin.dashboard, icon: DashboardOutlinedIcon, exact: true },
        { page: paths.admin.vendors, icon: WarehouseOutlinedIcon },
        { page: paths.admin.stores, icon: StorefrontOutlinedIcon },
        { page: paths.admin.orders, icon: ReceiptLongOutlinedIcon },
        { page: paths.admin.drivers, icon: LocalShippingOutlinedIcon },
        { page: paths.admin.dispatch, icon: MapOutlinedIcon },
        { page: paths.admin.rateByCity, icon: CurrencyRupeeOutlinedIcon },
        { page: paths.admin.escalations, icon: ReportProblemOutlinedIcon },
        { page: paths.admin.payouts, icon: PaymentsOutlinedIcon },
        { page: paths.admin.statements, icon: RequestQuoteOutlinedIcon },
        { page: paths.admin.reconciliation, icon: BalanceOutlinedIcon },
      ],
    },
    {
      headingKey: 'nav.settings',
      items: [
        { page: paths.admin.settingsOrder, icon: TuneOutlinedIcon },
        { page: paths.admin.settingsPassword, icon: LockOutlinedIcon },
        { page: paths.admin.settingsAddAccount, icon: PersonAddAltOutlinedIcon },
        { page: paths.admin.settingsInformation, icon: InfoOutlinedIcon },
        { page: paths.admin.settingsNotification, icon: NotificationsOutlinedIcon },
        { page: paths.admin.privacy, icon: PolicyOutlinedIcon },
        { page: paths.admin.termcondition, icon: DescriptionOutlinedIcon },
      ],
    },
  ],
  store: [
    {
      items: [
        { page: paths.store.home, icon: HomeOutlinedIcon },
        { page: paths.store.orders, icon: ReceiptLongOutlinedIcon },
        { page: paths.store.createOrder, icon: AddBoxOutlinedIcon },
        { page: paths.store.staff, icon: BadgeOutlinedIcon },
        { page: paths.store.escalations, icon: ReportProblemOutlinedIcon },
      ],
    },
    {
      headingKey: 'nav.settings',
      items: [
        { page: paths.store.settingsInformation, icon: InfoOutlinedIcon },
        { page: paths.store.settingsNotification, icon: NotificationsOutlinedIcon },
        { page: paths.store.privacy, icon: PolicyOutlinedIcon },
        { page: paths.store.termcondition, icon: DescriptionOutlinedIcon },
      ],
    },
  ],
  vendor: [
    {
      items: [
        { page: paths.vendor.home, icon: HomeOutlinedIcon },
        { page: paths.vendor.store, icon: StorefrontOutlinedIcon },
        { page: paths.vendor.orders, icon: ReceiptLongOutlinedIcon },
        { page: paths.vendor.wallets, icon: AccountBalanceWalletOutlinedIcon },
        { page: paths.vendor.escalations, icon: ReportProblemOutlinedIcon },
      ],
    },
    {
      headingKey: 'nav.settings',
      items: [
        { page: paths.vendor.settingsInformation, icon: InfoOutlinedIcon },
        { page: paths.vendor.settingsNotification, icon: NotificationsOutlinedIcon },
        { page: paths.vendor.privacy, icon: PolicyOutlinedIcon },
        { page: paths.vendor.termcondition, icon: DescriptionOutlinedIcon },
      ],
    },
  ],
  driver: [
    {
      items: [
        { page: paths.driver.home, icon: PlaceOutlinedIcon },
        { page: paths.driver.route, icon: RouteOutlinedIcon },
        { page: paths.driver.earnings, icon: CurrencyRupeeOutlinedIcon },
      ],
    },
    {
      headingKey: 'nav.settings',
      items: [
        { page: paths.driver.settingsInformation, icon: InfoOutlinedIcon },
        { page: paths.driver.settingsNotification, icon: NotificationsOutlinedIcon },
      ],
    },
  ],
  // A household books a pickup and follows its pickups (design.md section 21); /Household/Start is before sign-in.
  household: [
    {
      items: [
        { page: paths.household.orders, icon: ReceiptLongOutlinedIcon },
        { page: paths.household.book, icon: AddBoxOutlinedIcon },
        { page: paths.household.home, icon: HomeOutlinedIcon },
      ],
    },
  ],
};

/** The nav item a pathname belongs to: exact match, else the longest item path it lies under (any case). */
export function activeNavItem(groups: NavGroup[], pathname: string): NavItem | null {
  const current = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  let best: NavItem | null = null;
  for (const item of groups.flatMap((group) => group.items)) {
    const path = item.page.path.toLowerCase();
    const hit = current === path || (!item.exact && current.startsWith(`${path}/`));
    if (hit && (!best || path.length > best.page.path.length)) best = item;
  }
  return best;
}
