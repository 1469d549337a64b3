import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDateTime, formatOrderNumber, formatPhone, formatPickupSlot, formatWeight } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import { actionsFor, canReviewOrder } from '@app/shared/order-machine';
import { findRate, type Material } from '@app/shared/schemas/catalog';
import { adminLinesBodySchema, type OrderDetail } from '@app/shared/schemas/orders';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { ErrorState } from '@/components/page-states/error-state';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useMaterials, useRates } from '@/data/catalog';
import { useOrder, useTransitionOrder } from '@/data/orders';
import { settingQuery } from '@/data/settings';
import { ordersEn } from '../locales/en';
import { ApproveDriverDialog } from './approve-driver-dialog';
import { CancelOrderDialog } from './cancel-order-dialog';
import { DriverEta } from './driver-eta';
import { DetailFact, DetailSection, DetailSkeleton } from './order-detail-parts';
import { HouseholdPaymentSection } from './household-payment-section';
import { OrderHistory } from './order-history';
import { OrderLinesEditor, toFormLines } from './order-lines-editor';
import { OrderLinesTable } from './order-lines-table';
import { OrderPhoto } from './order-photo';
import { OrderPhotoStrip } from './order-photo-strip';
import { StoreMapCard } from './store-map-card';
import { StoreOrderActions } from './store-order-actions';
import { HouseholdTag } from '@/components/status/household-tag';
import { OrderStatusChip } from '@/components/status/order-status-chip';

addTranslations('orders', ordersEn);

export interface OrderDetailViewProps {
  orderId: number;
  /** admin: approve, edit, cancel; vendor: read-only; store: its own order (confirm, call admin, cancel). */
  mode: 'admin' | 'vendor' | 'store';
  /** The photos page of this order; without one (the store) the photos enlarge in place. */
  imagesHref?: string;
  /** Beside the status, from the route (the GST invoice button): features do not import each other. */
  headerExtra?: (order: OrderDetail) => ReactNode;
}

/** One order: status, store, driver, lines and totals, the admin's review, its photos and its whole history. */
export function OrderDetailView({ orderId, mode, imagesHref, headerExtra }: OrderDetailViewProps) {
  const order = useOrder(orderId);
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  if (order.isPending) return <DetailSkeleton />;
  return (
    <>
      {/* Outside the body, which starts afresh at each change of the order: the live region stays, so its new text is read out. */}
      <DriverEta order={order.data} />
      <OrderDetailBody key={`${order.data.id}:${order.data.updated_at}`} order={order.data} mode={mode} imagesHref={imagesHref} headerExtra={headerExtra} />
    </>
  );
}

function OrderDetailBody({ order, mode, imagesHref, headerExtra }: { order: OrderDetail; mode: OrderDetailViewProps['mode']; imagesHref?: string; headerExtra?: OrderDetailViewProps['headerExtra'] }) {
  const { t } = useTranslation(['orders', 'common']);
  const isAdmin = mode === 'admin';
  const household = order.customer_kind === 'household';
  const canApprove = isAdmin && canReviewOrder('admin', order.status) && actionsFor('admin', order.status).includes('waiting_driver');
  const canCancel = isAdmin && actionsFor('admin', order.status).includes('cancel');
  const [editing, setEditing] = useState(false);
  const form = useZodForm(adminLinesBodySchema, { defaultValues: toFormLines(order.details) });
  const [cancelOpen, setCancelOpen] = useState(false);
  const [pickDriver, setPickDriver] = useState(false);
  const transition = useTransitionOrder();
  const materials = useMaterials();
  const rates = useRates({ type: 'vendor', city_id: order.store.city_id }, isAdmin && editing);
  // How near an arrival counts as at the store (Settings -> Order): said to the admin and the store, not the vendor.
  const orderRules = useQuery({ ...settingQuery('order'), enabled: mode !== 'vendor' });
  const arrivalRadiusM = mode === 'vendor' ? null : (orderRules.data?.value.arrival_radius_m ?? null);

  const rateOf = useMemo(
    () => (material: Material) => (rates.data ? findRate(rates.data, order.store.city_id, material.name) : null) ?? material.vendor_rate,
    [rates.data, order.store.city_id],
  );

  /**
   * Approving sends the lines (checked by the API's own schema) to the driver. An order no
   * driver holds goes to a driver of its city, chosen in ApproveDriverDialog. A refused
   * line shows at its field, a refused driver at the dialog's.
   */
  const approve = (driverId?: number) =>
    void form.submit(
      async (body) => {
        if (!order.driver && driverId === undefined) {
          setPickDriver(true);
          return;
        }
        try {
          await transition.mutateAsync({ action: 'waiting_driver', id: order.id, body: { ...body, ...(driverId !== undefined ? { driver_id: driverId } : {}) } });
        } catch (error) {
          notify.error(t('common:messages.haveAnError'));
          if (error instanceof ApiError && error.errors.driver_id) return;
          if (error instanceof ApiError && Object.keys(error.errors).some((field) => field.startsWith('details.'))) setEditing(true);
          throw error;
        }
        notify.success(t('common:messages.updateSuccess'));
        setEditing(false);
        setPickDriver(false);
      },
      () => setEditing(true),
    )();

  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h2" component="p" sx={{ fontSize: '1.5rem' }}>
              {formatOrderNumber(order.id)}
            </Typography>
            <OrderStatusChip status={order.status} size="medium" />
            <HouseholdTag kind={order.customer_kind} size="medium" />
            {headerExtra?.(order)}
          </Stack>
          {mode === 'store' && <StoreOrderActions order={order} />}
          {isAdmin && (canApprove || canCancel) && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {canCancel && (
                <Button color="error" variant="outlined" startIcon={<CancelOutlinedIcon />} onClick={() => setCancelOpen(true)} disabled={transition.isPending}>
                  {t('detail.cancelOrder')}
                </Button>
              )}
              {canApprove && (
                <Button color="success" variant="contained" startIcon={<CheckCircleOutlinedIcon />} onClick={() => approve()} loading={transition.isPending}>
                  {t('detail.approve')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <DetailFact label={household ? t('household.household') : t('fields.store')}>
            {order.store.name}
            {household && order.store.phone && (
              <Typography variant="body2" color="text.secondary">
                {formatPhone(order.store.phone)}
              </Typography>
            )}
          </DetailFact>
          <DetailFact label={t('fields.driver')}>
            {order.driver ? (
              <>
                {order.driver.name}
                <Typography variant="body2" color="text.secondary">
                  {[order.driver.phone, order.driver.vehicle_number].filter(Boolean).join(' · ')}
                </Typography>
              </>
            ) : (
              <Typography color="text.secondary">{t('detail.driverNone')}</Typography>
            )}
          </DetailFact>
          <DetailFact label={t('detail.created')}>{formatDateTime(order.created_at)}</DetailFact>
          <DetailFact label={t('detail.updated')}>{formatDateTime(order.updated_at)}</DetailFact>
          {order.pickup_slot && (
            <DetailFact label={t('fields.pickupSlot')}>
              <span data-testid="pickup-slot">{formatPickupSlot(order.pickup_slot, istDay(new Date()))}</span>
            </DetailFact>
          )}
        </Box>
        {order.note && (
          <Alert severity="info" icon={false} sx={{ mt: 2 }}>
            <strong>{t('fields.note')}:</strong> {order.note}
          </Alert>
        )}
      </Paper>

      {household && <HouseholdPaymentSection order={order} />}

      {isAdmin && <StoreMapCard order={order} arrivalRadiusM={arrivalRadiusM} />}

      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: isAdmin ? 'repeat(3, 1fr)' : 'repeat(2, 1fr)' } }}>
        {/* A household's lines are priced at the b2c rate: their sum is what it is paid, no vendor is credited. */}
        <TotalTile label={household ? t(order.payment ? 'household.amount' : 'household.toPay') : t('detail.vendorAmount')} value={formatCurrency(order.vendor_amount)} testId="vendor-amount" />
        {isAdmin && <TotalTile label={t('detail.driverAmount')} value={formatCurrency(order.driver_amount)} />}
        <TotalTile label={t('detail.totalWeight')} value={formatWeight(order.total_weight)} />
      </Box>

      <DetailSection
        title={t('dialog.categories')}
        action={
          canApprove &&
          (editing ? (
            <Button
              onClick={() => {
                form.reset(toFormLines(order.details));
                form.setFormError(null);
                setEditing(false);
              }}
              disabled={transition.isPending}
            >
              {t('detail.cancelEdit')}
            </Button>
          ) : (
            <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              {t('detail.edit')}
            </Button>
          ))
        }
      >
        {editing ? (
          materials.isError ? (
            <ErrorState error={materials.error} onRetry={() => void materials.refetch()} />
          ) : (
            <ZodForm form={form} onSubmit={async () => approve()}>
              <OrderLinesEditor original={order.details} materials={materials.data ?? []} rateOf={rateOf} disabled={transition.isPending || materials.isPending} />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'right' }}>
                {t('detail.approveHelp')}
              </Typography>
            </ZodForm>
          )
        ) : (
          <>
            {form.formError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {form.formError}
              </Alert>
            )}
            <OrderLinesTable lines={order.details} />
          </>
        )}
      </DetailSection>

      {imagesHref === undefined ? (
        <DetailSection title={t('detail.photos')}>
          <OrderPhotoStrip orderId={order.id} images={order.images} />
        </DetailSection>
      ) : (
        <DetailSection
          title={t('detail.photos')}
          action={
            order.images.length > 0 && (
              <Button component={RouterLink} to={imagesHref} nativeButton={false} startIcon={<PhotoLibraryOutlinedIcon />}>
                {t('detail.allPhotos')}
              </Button>
            )
          }
        >
          {order.images.length === 0 ? (
            <Typography color="text.secondary">{t('detail.noPhotos')}</Typography>
          ) : (
            <Stack direction="row" spacing={1.5} sx={{ overflowX: 'auto', pb: 1 }}>
              {order.images.slice(0, 8).map((image, index) => (
                <ButtonBase
                  key={image.id}
                  component={RouterLink}
                  to={imagesHref}
                  aria-label={t('images.open', { n: index + 1 })}
                  sx={{ width: 112, height: 112, flexShrink: 0, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}
                >
                  <OrderPhoto orderId={order.id} imageId={image.id} alt={t('images.takenAt', { n: index + 1, total: order.images.length, time: formatDateTime(image.created_at) })} />
                </ButtonBase>
              ))}
            </Stack>
          )}
        </DetailSection>
      )}

      <DetailSection title={t('detail.history')}>
        <OrderHistory events={order.events} arrivalRadiusM={arrivalRadiusM} />
      </DetailSection>

      {cancelOpen && <CancelOrderDialog orderId={order.id} onClose={() => setCancelOpen(false)} />}
      {pickDriver && (
        <ApproveDriverDialog
          orderId={order.id}
          cityId={order.store.city_id}
          error={transition.error}
          pending={transition.isPending}
          onConfirm={(driverId) => approve(driverId)}
          onClose={() => {
            setPickDriver(false);
            transition.reset();
          }}
        />
      )}
    </Stack>
  );
}

function TotalTile({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{value}</Typography>
    </Paper>
  );
}
