import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import { updateStoreInfoRequestSchema, type StoreDetail } from '@app/shared/schemas/partners';
import { Loaded } from '@/components/page-states/loaded';
import { useSetStoreInfoLocation, useStore, useUpdateStoreInfo } from '@/data/partners';
import { cityName } from '@/lib/city-name';
import { NS } from '../i18n';
import { DetailsCard, DetailsLoading } from './details-card';
import { PartnerDetailLayout } from './partner-detail-layout';
import { StoreLocationCard } from './store-location';

/** A store's details (GET /stores/{id}), editable through PATCH /stores/{id}/info, its pin, and its account. */
export function StoreInfo({ id, ordersHref }: { id: number; ordersHref?: string }) {
  const store = useStore(id);
  return (
    <Loaded query={store} skeleton={<DetailsLoading />}>
      {(s) => <StoreView store={s} ordersHref={ordersHref} />}
    </Loaded>
  );
}

function StoreView({ store: s, ordersHref }: { store: StoreDetail; ordersHref?: string }) {
  const { t } = useTranslation(NS);
  const update = useUpdateStoreInfo();
  const setPin = useSetStoreInfoLocation();
  return (
    <PartnerDetailLayout
      stats={[
        { label: t('stores.orders'), value: s.order_count, action: ordersHref ? { label: t('storeInfo.viewOrders'), href: ordersHref } : undefined },
        { label: t('stores.staff'), value: s.staff_count },
        { label: t('storeInfo.vendor'), value: <Typography variant="h3" component="span">{s.vendor?.company_name ?? t('stores.noVendor')}</Typography>, wide: true },
      ]}
      member={s.member}
      details={
        <DetailsCard
          title={t('storeInfo.heading')}
          items={[
            { label: t('fields.storeName'), value: s.name },
            { label: t('fields.city'), value: cityName(s.city) },
            { label: t('fields.address'), value: s.address },
            { label: t('fields.phone'), value: s.phone ?? t('common.notGiven') },
            { label: t('common.created'), value: formatDateTime(s.created_at) },
          ]}
          edit={{
            title: t('storeInfo.editTitle'),
            schema: updateStoreInfoRequestSchema,
            initial: { name: s.name, address: s.address, phone: s.phone ?? '' },
            fields: [
              { name: 'name', label: t('fields.storeName'), required: true, autoComplete: 'organization' },
              { name: 'address', label: t('fields.address'), kind: 'multiline', required: true, autoComplete: 'street-address' },
              { name: 'phone', label: t('fields.phone'), kind: 'tel', nullable: true, helperText: t('hints.phone'), autoComplete: 'tel' },
            ],
            save: (body) => update.mutateAsync({ id: s.id, body }),
          }}
        />
      }
    >
      <StoreLocationCard store={{ name: s.name, cityName: s.city.name, location: s.location }} save={(location) => setPin.mutateAsync({ id: s.id, location })} />
    </PartnerDetailLayout>
  );
}
