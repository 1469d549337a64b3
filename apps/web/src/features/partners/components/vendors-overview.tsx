import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { usePartnerCounts } from '@/data/members';
import { NS } from '../i18n';
import { StatCard } from './list-parts';
import { PendingSignups } from './pending-signups';
import { VendorsTable } from './vendors-table';

/** The admin start page's body: the numbers that need attention, the vendors, the vendor sign-ups. */
export function VendorsOverview() {
  const { t } = useTranslation(NS);
  const counts = usePartnerCounts();
  const [tab, setTab] = useState<'all' | 'pending'>('all');
  const value = (n: number | undefined) => (counts.isPending ? <Skeleton width={48} /> : (n ?? '—'));
  return (
    <Box>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label={t('vendors.statVendors')} value={value(counts.data?.vendors)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard
            label={t('vendors.statPending')}
            value={value(counts.data?.pendingVendors)}
            action={
              counts.data?.pendingVendors ? (
                <Button size="small" onClick={() => setTab('pending')}>
                  {t('vendors.reviewPending')}
                </Button>
              ) : undefined
            }
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard
            label={t('vendors.statStoresPending')}
            value={value(counts.data?.pendingStores)}
            action={
              counts.data?.pendingStores ? (
                <Button size="small" component={RouterLink} to={paths.admin.vendorsRejectStore.getHref()}>
                  {t('vendors.reviewPending')}
                </Button>
              ) : undefined
            }
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard
            label={t('vendors.statUnassigned')}
            value={value(counts.data?.unassignedStores)}
            action={
              counts.data?.unassignedStores ? (
                <Button size="small" component={RouterLink} to={paths.admin.stores.getHref({ unassigned: true })}>
                  {t('stores.assign')}
                </Button>
              ) : undefined
            }
          />
        </Grid>
      </Grid>
      <Tabs value={tab} onChange={(_e, next: 'all' | 'pending') => setTab(next)} sx={{ mb: 2 }}>
        <Tab value="all" label={t('vendors.tabAll')} />
        <Tab value="pending" label={<Badge color="warning" badgeContent={counts.data?.pendingVendors ?? 0} sx={{ pr: 1.5 }}>{t('vendors.tabPending')}</Badge>} />
      </Tabs>
      {tab === 'all' ? <VendorsTable /> : <PendingSignups role="vendor" />}
    </Box>
  );
}
