import { useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '@app/shared/format';
import type { OrderStatus } from '@app/shared/order-status';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { useOrderCounts, useOrderStats } from '@/data/orders';
import { dashboardsEn } from '../locales/en';
import { vendorMonthStats } from '../vendor-month-stats';
import { KpiCard } from './kpi-card';

addTranslations('dashboards', dashboardsEn);

/** Orders that wait for someone: a driver, the store, the admin, or the driver's confirmation. */
const WAITING: readonly OrderStatus[] = ['pending', 'waiting_store', 'waiting_admin', 'waiting_driver'];

const messageOf = (error: unknown) => (error instanceof ApiError ? error.detail : error ? String(error) : null);

export interface VendorKpisProps {
  /** The wallet balance (from the wallets feature, composed by the page). */
  wallet: { balance: number | null; loading: boolean; error: unknown };
}

/** The vendor's four numbers: orders and earnings this month, wallet balance, orders waiting. */
export function VendorKpis({ wallet }: VendorKpisProps) {
  const { t } = useTranslation('dashboards');
  const [month] = useState(() => vendorMonthStats());
  const orders = useOrderStats(month.orders);
  const earnings = useOrderStats(month.earnings);
  const counts = useOrderCounts({}, { refetchInterval: 60_000 });
  const sum = (data?: { value: number }[]) => (data ?? []).reduce((s, b) => s + b.value, 0);
  const waiting = counts.data ? WAITING.reduce((s, status) => s + (counts.data[status] ?? 0), 0) : 0;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
      <KpiCard first testId="kpi-orders-month" label={t('kpi.ordersThisMonth')} value={sum(orders.data)} loading={orders.isPending} error={messageOf(orders.error)} />
      <KpiCard
        testId="kpi-earnings-month"
        label={t('kpi.earningsThisMonth')}
        value={formatCurrency(sum(earnings.data))}
        hint={t('kpi.earningsHint')}
        loading={earnings.isPending}
        error={messageOf(earnings.error)}
      />
      <KpiCard
        testId="kpi-wallet"
        label={t('kpi.walletBalance')}
        value={formatCurrency(wallet.balance ?? 0)}
        loading={wallet.loading}
        error={messageOf(wallet.error)}
        link={{ to: paths.vendor.wallets.getHref(), label: t('kpi.toWallet') }}
      />
      <KpiCard
        testId="kpi-waiting"
        label={t('kpi.ordersWaiting')}
        value={waiting}
        hint={t('kpi.ordersWaitingHint')}
        loading={counts.isPending}
        error={messageOf(counts.error)}
        link={{ to: paths.vendor.orders.getHref(), label: t('kpi.toOrders') }}
      />
    </Box>
  );
}
