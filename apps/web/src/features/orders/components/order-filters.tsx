import { useTranslation } from 'react-i18next';
import { CUSTOMER_KINDS } from '@app/shared/constants';
import { IN_PROGRESS_STATUSES, type OrderStatus } from '@app/shared/order-status';
import { ChoiceFilter, choicesFrom, SelectFilter } from '@/components/list/filters';
import { useOrderStatusLabel } from '@/components/status/order-status-chip';
import { useStoreChoices, useVendorChoices } from '@/data/partners';

// The orders list's own filters; each reads and writes one wire parameter.

interface IdFilterProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

export function StoreFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('orders');
  return <ChoiceFilter label={t('filters.store')} useChoices={useStoreFilterChoices} value={value} onChange={onChange} />;
}

export function VendorFilter({ value, onChange }: IdFilterProps) {
  const { t } = useTranslation('orders');
  return <ChoiceFilter label={t('filters.vendor')} useChoices={useVendorFilterChoices} value={value} onChange={onChange} />;
}

const useStoreFilterChoices = choicesFrom(useStoreChoices, (store) => ({ id: store.id, label: `${store.name} (${store.city.name})` }));
const useVendorFilterChoices = choicesFrom(useVendorChoices, (vendor) => ({ id: vendor.id, label: vendor.company_name }));

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

/** "Customer: all / stores / households" (`customer_kind`, design.md section 21). */
export function CustomerFilter({ value, onChange }: { value: string; onChange: (kind: string) => void }) {
  const { t } = useTranslation('orders');
  const options = [{ value: '', label: t('filters.customers.all') }, ...CUSTOMER_KINDS.map((kind) => ({ value: kind, label: t(`filters.customers.${kind}`) }))];
  return <SelectFilter label={t('filters.customer')} value={value} options={options} onChange={onChange} />;
}
