import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { usePartnerCounts } from '@/data/members';
import { TabBar } from '@/components/tabs/tab-bar';
import { NS } from '../i18n';
import { PendingSignups } from './pending-signups';
import { StatCards, type Stat } from './stat-cards';
import { VendorsTable } from './vendors-table';

/** The admin start page's body: the numbers that need attention, the vendors, the vendor sign-ups. */
export function VendorsOverview() {
  const { t } = useTranslation(NS);
  const counts = usePartnerCounts();
  const [tab, setTab] = useState<'all' | 'pending'>('all');
  // A count offers its way to act only while there is something to act on.
  const stat = (label: string, n: number | undefined, action?: Stat['action']): Stat => ({
    label,
    value: counts.isPending ? <Skeleton width={48} /> : (n ?? '—'),
    action: n ? action : undefined,
  });
  return (
    <Box>
      <Box sx={{ mb: 3 }}>
        <StatCards
          from="md"
          stats={[
            stat(t('vendors.statVendors'), counts.data?.vendors),
            stat(t('vendors.statPending'), counts.data?.pendingVendors, { label: t('vendors.reviewPending'), onClick: () => setTab('pending') }),
            stat(t('vendors.statStoresPending'), counts.data?.pendingStores, { label: t('vendors.reviewPending'), href: paths.admin.vendorsRejectStore.getHref() }),
            stat(t('vendors.statUnassigned'), counts.data?.unassignedStores, { label: t('stores.assign'), href: paths.admin.stores.getHref({ unassigned: true }) }),
          ]}
        />
      </Box>
      <TabBar
        value={tab}
        onChange={setTab}
        items={[
          { value: 'all', label: t('vendors.tabAll') },
          { value: 'pending', label: <Badge color="warning" badgeContent={counts.data?.pendingVendors ?? 0} sx={{ pr: 1.5 }}>{t('vendors.tabPending')}</Badge> },
        ]}
        sx={{ mb: 2 }}
      />
      {tab === 'all' ? <VendorsTable /> : <PendingSignups role="vendor" />}
    </Box>
  );
}
