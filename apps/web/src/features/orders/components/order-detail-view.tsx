import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import { parseWeightKg } from '@app/shared/money';
import { actionsFor, canReviewOrder } from '@app/shared/order-machine';
import { findRate, type Material } from '@app/shared/schemas/catalog';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { ErrorState } from '@/components/page-states/error-state';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useMaterials } from '../api/get-materials';
import { useOrder } from '../api/get-order';
import { useRates } from '../api/get-rates';
import { useTransitionOrder } from '../api/transition-order';
import { ordersEn } from '../locales/en';
import { lineAmount, sumKg, sumRupees } from '../utils/order-math';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderHistory } from './order-history';
import { OrderLinesEditor, type EditableLine } from './order-lines-editor';
import { OrderLinesTable } from './order-lines-table';
import { OrderPhoto } from './order-photo';
import { OrderStatusChip } from './order-status-chip';

addTranslations('orders', ordersEn);

export interface OrderDetailViewProps {
  orderId: number;
  /** admin: approve, edit, cancel; vendor: read-only. */
  mode: 'admin' | 'vendor';
  /** The photos page of this order. */
  imagesHref: string;
}

/** One order: status, store, driver, lines and totals, the admin's review, its photos and its whole history. */
export function OrderDetailView({ orderId, mode, imagesHref }: OrderDetailViewProps) {
  const order = useOrder(orderId);
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  if (order.isPending) return <DetailSkeleton />;
  return <OrderDetailBody key={`${order.data.id}:${order.data.updated_at}`} order={order.data} mode={mode} imagesHref={imagesHref} />;
}

function DetailSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-busy>
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ fontWeight: 600 }}>{children}</Box>
    </Box>
  );
}

function toEditable(order: OrderDetail): EditableLine[] {
  return order.details.map((line) => ({
    key: `line-${line.id}`,
    id: line.id,
    material: { ...line.material },
    rate: line.rate,
    weight: line.weight === null ? '' : String(line.weight),
  }));
}

function OrderDetailBody({ order, mode, imagesHref }: { order: OrderDetail; mode: 'admin' | 'vendor'; imagesHref: string }) {
  const { t } = useTranslation('orders');
  const isAdmin = mode === 'admin';
  const canApprove = isAdmin && canReviewOrder('admin', order.status) && actionsFor('admin', order.status).includes('waiting_driver');
  const canCancel = isAdmin && actionsFor('admin', order.status).includes('cancel');
  const [editing, setEditing] = useState(false);
  const [lines, setLines] = useState<EditableLine[]>(() => toEditable(order));
  const [formError, setFormError] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const transition = useTransitionOrder();
  const materials = useMaterials();
  const rates = useRates('vendor', order.store.city_id, isAdmin && editing);

  const rateOf = useMemo(
    () => (material: Material) => (rates.data ? findRate(rates.data, order.store.city_id, material.name) : null) ?? material.vendor_rate,
    [rates.data, order.store.city_id],
  );

  const draftTotal = sumRupees(lines.map((l) => lineAmount(l.rate, l.weight)));
  const draftWeight = sumKg(lines.map((l) => l.weight));

  const approve = () => {
    setFormError(null);
    let invalid = false;
    const checked = lines.map((line) => {
      const error: EditableLine['error'] = {};
      if (!line.material) error.material = t('create.chooseMaterial');
      const weight = parseWeightKg(line.weight);
      if (!weight.ok) error.weight = line.weight.trim() === '' ? t('detail.weightRequired') : weight.message;
      if (error.material || error.weight) invalid = true;
      return { ...line, error };
    });
    if (invalid) {
      setLines(checked);
      setEditing(true);
      return;
    }
    transition.mutate(
      {
        action: 'waiting_driver',
        id: order.id,
        details: lines.map((line) => ({
          ...(line.id !== undefined ? { id: line.id } : {}),
          material_id: line.material!.id,
          weight: line.weight.trim(),
          amount: lineAmount(line.rate, line.weight) ?? 0,
        })),
      },
      {
        onSuccess: () => {
          notify.success(t('messages.updateSuccess'));
          setEditing(false);
        },
        onError: (error) => {
          notify.error(t('messages.haveAnError'));
          if (error instanceof ApiError) {
            // details.0.weight -> the line's field; the rest above the lines.
            let placed = false;
            const next = lines.map((line, index) => {
              const weight = error.errors[`details.${index}.weight`]?.join(' ');
              const material = error.errors[`details.${index}.material_id`]?.join(' ');
              if (weight || material) placed = true;
              return weight || material ? { ...line, error: { weight, material } } : line;
            });
            if (placed) {
              setLines(next);
              setEditing(true);
            }
            setFormError(error.detail);
          }
        },
      },
    );
  };

  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h2" component="p" sx={{ fontSize: '1.5rem' }}>
              {formatOrderNumber(order.id)}
            </Typography>
            <OrderStatusChip status={order.status} size="medium" />
          </Stack>
          {isAdmin && (canApprove || canCancel) && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {canCancel && (
                <Button color="error" variant="outlined" startIcon={<CancelOutlinedIcon />} onClick={() => setCancelOpen(true)} disabled={transition.isPending}>
                  {t('detail.cancelOrder')}
                </Button>
              )}
              {canApprove && (
                <Button color="success" variant="contained" startIcon={<CheckCircleOutlinedIcon />} onClick={approve} loading={transition.isPending}>
                  {t('detail.approve')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Fact label={t('fields.store')}>{order.store.name}</Fact>
          <Fact label={t('fields.driver')}>
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
          </Fact>
          <Fact label={t('detail.created')}>{formatDateTime(order.created_at)}</Fact>
          <Fact label={t('detail.updated')}>{formatDateTime(order.updated_at)}</Fact>
        </Box>
        {order.note && (
          <Alert severity="info" icon={false} sx={{ mt: 2 }}>
            <strong>{t('fields.note')}:</strong> {order.note}
          </Alert>
        )}
      </Paper>

      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: isAdmin ? 'repeat(3, 1fr)' : 'repeat(2, 1fr)' } }}>
        <TotalTile label={t('detail.vendorAmount')} value={formatCurrency(order.vendor_amount)} testId="vendor-amount" />
        {isAdmin && <TotalTile label={t('detail.driverAmount')} value={formatCurrency(order.driver_amount)} />}
        <TotalTile label={t('detail.totalWeight')} value={formatWeight(order.total_weight)} />
      </Box>

      <Section
        title={t('dialog.categories')}
        action={
          canApprove &&
          (editing ? (
            <Button
              onClick={() => {
                setLines(toEditable(order));
                setEditing(false);
                setFormError(null);
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
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        {editing ? (
          materials.isError ? (
            <ErrorState error={materials.error} onRetry={() => void materials.refetch()} />
          ) : (
            <>
              <OrderLinesEditor lines={lines} materials={materials.data ?? []} rateOf={rateOf} onChange={setLines} disabled={transition.isPending || materials.isPending} />
              <Stack direction="row" spacing={3} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                <Typography>
                  {t('dialog.totalWeight')}: <strong>{formatWeight(draftWeight)}</strong>
                </Typography>
                <Typography>
                  {t('dialog.totalCost')}: <strong>{formatCurrency(draftTotal)}</strong>
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'right' }}>
                {t('detail.approveHelp')}
              </Typography>
            </>
          )
        ) : (
          <OrderLinesTable lines={order.details} />
        )}
      </Section>

      <Section
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
      </Section>

      <Section title={t('detail.history')}>
        <OrderHistory events={order.events} />
      </Section>

      {cancelOpen && <CancelOrderDialog orderId={order.id} open onClose={() => setCancelOpen(false)} />}
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
