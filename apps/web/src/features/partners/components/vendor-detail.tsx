import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import { updateVendorRequestSchema, type Vendor } from '@app/shared/schemas/partners';
import { Loaded } from '@/components/page-states/loaded';
import { paths } from '@/config/paths';
import { useUpdateVendor, useVendor } from '@/data/partners';
import { cityName } from '@/lib/city-name';
import { NS } from '../i18n';
import { DetailsCard, DetailsLoading } from './details-card';
import { GstinRequestReview, PendingGstin } from './gstin-request';
import { PartnerDetailLayout } from './partner-detail-layout';
import { StoresTable } from './stores-table';

/**
 * The company card of a vendor, with an edit dialog (admin, or the vendor itself). Only an
 * admin sets the GSTIN: the vendor's own change shows as pending, and an admin reviews it here.
 */
export function VendorInfoCard({ vendor, viewer, title }: { vendor: Vendor; viewer: 'admin' | 'vendor'; title?: string }) {
  const { t } = useTranslation(NS);
  const update = useUpdateVendor();
  return (
    <DetailsCard
      title={title ?? t('vendorDetail.info')}
      items={[
        { label: t('fields.companyName'), value: vendor.company_name },
        { label: t('fields.city'), value: cityName(vendor.city) },
        { label: t('fields.address'), value: vendor.address },
        { label: t('fields.phone'), value: vendor.phone ?? t('common.notGiven') },
        {
          label: t('fields.gstin'),
          value: (
            <>
              {vendor.gstin ?? t('hints.gstinNone')}
              {viewer === 'vendor' && <PendingGstin vendor={vendor} />}
            </>
          ),
        },
      ]}
      edit={{
        title: t('vendorDetail.editTitle'),
        schema: updateVendorRequestSchema,
        initial: { company_name: vendor.company_name, address: vendor.address, phone: vendor.phone ?? '', gstin: vendor.gstin ?? '' },
        fields: [
          { name: 'company_name', label: t('fields.companyName'), required: true, autoComplete: 'organization' },
          { name: 'address', label: t('fields.address'), kind: 'multiline', required: true, autoComplete: 'street-address' },
          { name: 'phone', label: t('fields.phone'), kind: 'tel', nullable: true, helperText: t('hints.phone'), autoComplete: 'tel' },
          { name: 'gstin', label: t('fields.gstin'), nullable: true, helperText: viewer === 'vendor' ? t('gstinRequest.vendorHint') : t('hints.gstin') },
        ],
        save: (body) => update.mutateAsync({ id: vendor.id, body }),
      }}
    >
      {viewer === 'admin' && <GstinRequestReview vendor={vendor} />}
    </DetailsCard>
  );
}

/** /Admin/Vendors/store?id=: a vendor's company, account, numbers and stores. */
export function VendorDetail({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const vendor = useVendor(id);
  return (
    <Loaded query={vendor} skeleton={<DetailsLoading />}>
      {(v) => (
        <PartnerDetailLayout
          heading={{ title: v.company_name, subtitle: t('vendorDetail.since', { date: formatDateTime(v.created_at) }) }}
          stats={[
            { label: t('vendors.wallet'), value: formatCurrency(v.wallet_balance), wide: true },
            { label: t('vendors.stores'), value: v.store_count, action: { label: t('vendorDetail.viewStores'), href: paths.admin.vendorsStores.getHref({ id: v.id }) } },
            { label: t('vendors.orders'), value: v.order_count, action: { label: t('vendorDetail.viewOrders'), href: paths.admin.vendorsOrders.getHref({ id: v.id }) } },
          ]}
          details={<VendorInfoCard vendor={v} viewer="admin" />}
          member={v.member}
        >
          <Typography variant="h2">{t('vendorDetail.itsStores')}</Typography>
          <StoresTable scope="admin" vendorId={v.id} compact />
        </PartnerDetailLayout>
      )}
    </Loaded>
  );
}

/** /Vendor/Settings/Information: the vendor's own company details (editable) and account. */
export function VendorProfile({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const vendor = useVendor(id);
  return (
    <Loaded query={vendor} skeleton={<Skeleton variant="rounded" height={200} />}>
      {(v) => <PartnerDetailLayout details={<VendorInfoCard vendor={v} viewer="vendor" title={t('vendorInfo.heading')} />} member={v.member} />}
    </Loaded>
  );
}
