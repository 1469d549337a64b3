import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { updateDriverRequestSchema, type Driver } from '@app/shared/schemas/partners';
import { Loaded } from '@/components/page-states/loaded';
import { useDriver, useUpdateDriver } from '@/data/partners';
import { cityName } from '@/lib/city-name';
import { NS } from '../i18n';
import { DetailsCard, DetailsLoading } from './details-card';
import { PartnerDetailLayout } from './partner-detail-layout';

/** /Admin/Drivers/Detail?id=: a driver's numbers, vehicle and city (editable) and account. */
export function DriverDetail({ id }: { id: number }) {
  const driver = useDriver(id);
  return (
    <Loaded query={driver} skeleton={<DetailsLoading />}>
      {(d) => <DriverView driver={d} />}
    </Loaded>
  );
}

function DriverView({ driver: d }: { driver: Driver }) {
  const { t } = useTranslation(NS);
  const update = useUpdateDriver();
  return (
    <PartnerDetailLayout
      heading={{ title: d.member?.name ?? d.vehicle_number }}
      stats={[
        { label: t('drivers.earnings'), value: formatCurrency(d.earnings_balance), wide: true },
        { label: t('drivers.active'), value: d.active_order_count },
        { label: t('drivers.completed'), value: d.completed_order_count },
      ]}
      member={d.member}
      details={
        <DetailsCard
          title={t('drivers.detailInfo')}
          items={[
            { label: t('fields.vehicleNumber'), value: d.vehicle_number },
            { label: t('fields.city'), value: cityName(d.city) },
            { label: t('fields.phone'), value: d.phone ?? t('common.notGiven') },
            { label: t('common.created'), value: formatDateTime(d.created_at) },
          ]}
          edit={{
            title: t('drivers.editTitle'),
            schema: updateDriverRequestSchema,
            initial: { vehicle_number: d.vehicle_number, phone: d.phone ?? '', city_id: d.city.id },
            fields: [
              { name: 'vehicle_number', label: t('fields.vehicleNumber'), required: true },
              { name: 'phone', label: t('fields.phone'), kind: 'tel', nullable: true, helperText: t('hints.phone'), autoComplete: 'tel' },
              { name: 'city_id', label: t('fields.city'), kind: 'city', required: true },
            ],
            save: (body) => update.mutateAsync({ id: d.id, body }),
          }}
        />
      }
    />
  );
}
