import { useTranslation } from 'react-i18next';
import { IN_PROGRESS_STATUSES, type OrderStatus } from '@app/shared/order-status';
import { ChoiceFilter, SelectFilter } from '@/components/list/filters';
import { useOrderStatusLabel } from '@/components/status/order-status-chip';
import { useCities } from '@/data/catalog';
import { useStoreChoices, useVendorChoices } from '@/data/partners';

// The orders list's own filters; each reads and writes one wire parameter.

interface IdFilterProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

export function StoreFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('orders');
  const stores = useStoreChoices();
  const choices = (stores.data ?? []).map((s) => ({ id: s.id, label: `${s.name} (${s.city.name})` }));
  return <ChoiceFilter label={t('filters.store')} loading={stores.isPending} choices={choices} value={value} onChange={onChange} />;
}

export function VendorFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('orders');
  const vendors = useVendorChoices();
  const choices = (vendors.data ?? []).map((v) => ({ id: v.id, label: v.company_name }));
  return <ChoiceFilter label={t('filters.vendor')} loading={vendors.isPending} choices={choices} value={value} onChange={onChange} />;
}

export function CityFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('orders');
  const cities = useCities();
  const choices = (cities.data ?? []).map((c) => ({ id: c.id, label: `${c.name}, ${c.state.name}` }));
  return <ChoiceFilter label={t('filters.city')} loading={cities.isPending} choices={choices} value={value} onChange={onChange} />;
}

/** A status menu: any, "In progress" (the spec's moving + accepted pair), then `statuses`. */
export function StatusFilter({ value, statuses, onChange }: { value: string; statuses: readonly OrderStatus[]; onChange: (status: string) => void }) {
  const { t } = useTranslation('orders');
  const label = useOrderStatusLabel();
  const options = [
    { value: '', label: t('status.all') },
    { value: IN_PROGRESS_STATUSES.join(','), label: `${t('status.inProgress')} (${IN_PROGRESS_STATUSES.map(label).join(', ')})` },
    ...statuses.map((s) => ({ value: s, label: label(s) })),
  ];
  return <SelectFilter label={t('filters.status')} value={value} options={options} onChange={onChange} />;
}
