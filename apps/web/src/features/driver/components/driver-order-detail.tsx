import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCurrency, formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import { actionsFor } from '@app/shared/order-machine';
import type { OrderStatus } from '@app/shared/order-status';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addTranslations } from '@/lib/i18n';
import { isNetworkFailure } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { usePositionChoice } from '@/lib/position-choice';
import { useSession } from '@/lib/session';
import { useCities } from '@/data/catalog';
import { useSetting } from '@/data/settings';
import { useOrderOrListed } from '@/data/orders';
import { driverEn } from '../locales/en';
import { useDriverOutbox } from '../outbox/driver-outbox-instance';
import type { OutboxStep } from '../outbox/outbox-types';
import { acceptWaits, projectedStatus, waitingFor } from '../outbox/project-order';
import { useDriverStep } from '../outbox/use-driver-step';
import { notifyStepError } from '../utils/transition-errors';
import { ConfirmDialog } from './confirm-dialog';
import { HandoverForm } from './handover-form';
import { HouseholdCompleteDialog } from './household-complete-dialog';
import { HouseholdPayment } from './household-payment';
import { IssueDialog } from './issue-dialog';
import { OrderHistory } from './order-history';
import { OrderLines } from './order-lines';
import { OrderPhotos } from './order-photos';
import { OrderSteps } from './order-steps';
import { HouseholdTag } from '@/components/status/household-tag';
import { OrderStatusChip } from '@/components/status/order-status-chip';
import { OutboxPanel, WaitingChip } from './outbox-panel';
import { ShareAsk } from './position-bar';
import { WeighingForm } from './weighing-form';

addTranslations('driver', driverEn);

/** Photos may be added from accepting the pickup until the weights are submitted (and while the store checks). */
const PHOTO_STATUSES: readonly OrderStatus[] = ['accepted', 'moving', 'arrived', 'waiting_store'];
/** ... and removed until the weighed lines are submitted. */
const PHOTO_REMOVAL_STATUSES: readonly OrderStatus[] = ['accepted', 'moving', 'arrived'];
/** The steps that are one button (no form): accept, start moving, arrived. */
const SIMPLE_STEPS = ['accepted', 'moving', 'arrived'] as const;

function StatusNote({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(['driver', 'common', 'pages']);
  const household = order.customer_kind === 'household';
  const notes: Partial<Record<OrderStatus, { severity: 'info' | 'success' | 'warning' | 'error'; text: string }>> = {
    waiting_store: { severity: 'info', text: t(household ? 'detail.waitingHousehold' : 'detail.waitingStore') },
    waiting_admin: { severity: 'warning', text: t('detail.waitingAdmin') },
    waiting_driver: { severity: 'warning', text: t('detail.waitingDriver') },
    issue: { severity: 'error', text: t('detail.issueOpen') },
    completed: { severity: 'success', text: t(household ? 'detail.completedHousehold' : 'detail.completed') },
    cancelled: { severity: 'info', text: t('detail.cancelled') },
  };
  const note = notes[order.status];
  return note ? (
    <Alert severity={note.severity} data-testid="status-note">
      {note.text}
    </Alert>
  ) : null;
}

function DetailSkeleton() {
  return (
    <Stack spacing={2} aria-hidden>
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={220} />
    </Stack>
  );
}

/** One pickup, step by step: one button per step the driver can take now. */
export function DriverOrderDetail({ orderId }: { orderId: number | null }) {
  const { t } = useTranslation(['driver', 'common', 'pages']);
  const driverId = useSession().user?.driverId ?? null;
  // No polling of its own: the change feed (features/live) refreshes it, or the 5-second fallback while the feed is down.
  // No polling of its own: the change feed (features/live) refreshes it, or the 5-second fallback while the feed is down.
  const query = useOrderOrListed(orderId);
  const cities = useCities();
  // Whether the weighed lines need a photo (Settings -> Order; any member may read it).
  const orderRules = useSetting('order');
  const outbox = useDriverOutbox();
  const step = useDriverStep();
  const positionChoice = usePositionChoice();
  const [issueOpen, setIssueOpen] = useState(false);
  const [confirmComplete, setConfirmComplete] = useState(false);
  useDocumentTitle(query.data ? `${t('pages:driver.orderDetail.title')} ${formatOrderNumber(query.data.id)}` : t('pages:driver.orderDetail.title'));

  const back = (
    <Button component={RouterLink} to={paths.driver.home.getHref()} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
      {t('detail.back')}
    </Button>
  );

  if (orderId === null) {
    return <EmptyState title={t('detail.missingId')} description={t('detail.missingIdHint')} action={back} />;
  }
  if (query.isPending) return <DetailSkeleton />;
  // A refresh that got no answer (no signal) keeps what the phone has on screen; an answer
  // that says no (404: cancelled before this driver took it) does not.
  if (query.isError && (!query.data || !isNetworkFailure(query.error))) {
    return (
      <Stack spacing={2}>
        {back}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  }

  const loaded = query.data;
  // The order as it will be once what waits in the outbox is sent (offline steps show at once).
  const waiting = waitingFor(loaded.id, outbox.entries);
  const order: OrderDetail = { ...loaded, status: projectedStatus(loaded.status, waiting) };
  const mine = (order.driver !== null && order.driver.id === driverId) || acceptWaits(waiting);
  // By the kind of customer too: only a household's pickup completes from waiting_store (with its code).
  const actions = order.status === 'pending' || mine ? actionsFor('driver', order.status, order.customer_kind) : [];
  const household = order.customer_kind === 'household';
  const cityName = cities.data?.find((c) => c.id === order.city_id)?.name ?? null;
  const address = order.store.address;
  const waitingPhotos = waiting.filter((entry) => entry.step.kind === 'photo').length;
  const reload = () => {
    setIssueOpen(false);
    setConfirmComplete(false);
    void query.refetch();
  };
  const busyWith = (kind: OutboxStep['kind']) => step.busy?.orderId === order.id && step.busy.kind === kind;
  const run = async (next: OutboxStep, onDone?: () => void) => {
    const result = await step.run(order.id, next, reload);
    if (result) onDone?.();
  };

  const simple = SIMPLE_STEPS.filter((simpleStep) => actions.includes(simpleStep));

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 720, mx: 'auto' }}>
      {back}
      <OutboxPanel orderId={order.id} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
              {order.store.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography color="text.secondary">{formatOrderNumber(order.id)}</Typography>
              <HouseholdTag kind={order.customer_kind} />
            </Stack>
          </Box>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
            <OrderStatusChip status={order.status} size="medium" />
            {waiting.length > 0 && <WaitingChip />}
          </Stack>
        </Stack>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 2, mb: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
          <dt>{t('detail.city')}</dt>
          <dd>{cityName ?? '—'}</dd>
          {address && (
            <>
              <dt>{t('detail.address')}</dt>
              <dd>{address}</dd>
            </>
          )}
          <dt>{t('detail.created')}</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
          {order.total_weight > 0 && (
            <>
              <dt>{t('detail.totalWeight')}</dt>
              <dd>{formatWeight(order.total_weight)}</dd>
            </>
          )}
          {order.driver_amount > 0 && (
            <>
              <dt>{t('detail.yourAmount')}</dt>
              <dd>{formatCurrency(order.driver_amount)}</dd>
            </>
          )}
          {household && order.vendor_amount > 0 && <HouseholdPayment order={order} />}
        </Box>
        {order.note && (
          <Alert severity="info" icon={false} sx={{ mt: 2 }}>
            <strong>{t('detail.note')}:</strong> {order.note}
          </Alert>
        )}
        <Box sx={{ mt: 2.5, mx: { xs: -1, sm: 0 } }}>
          <OrderSteps status={order.status} />
        </Box>
      </Paper>

      {order.status !== 'pending' && !mine && <Alert severity="warning">{t('detail.notYours')}</Alert>}
      <StatusNote order={order} />
      {mine && order.status === 'moving' && <ShareAsk choice={positionChoice} />}

      {simple.map((simpleStep) => (
        <Button
          key={simpleStep}
          variant="contained"
          size="large"
          fullWidth
          loading={busyWith(simpleStep)}
          disabled={step.busy !== null}
          onClick={() => void run({ kind: simpleStep }).catch(notifyStepError)}
          sx={{ py: 1.75, fontSize: '1.1rem' }}
        >
          {t(`steps.${simpleStep}`)}
        </Button>
      ))}

      {actions.includes('complete') && order.status === 'waiting_store' && (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <OrderLines lines={order.details} totalWeight={order.total_weight} driverAmount={order.driver_amount} />
          </Paper>
          {/* The household approves on its phone; this is for when it has none at hand. */}
          <HandoverForm order={order} stepsWaiting={waiting.length > 0} reload={reload} />
        </>
      )}

      {actions.includes('complete') && order.status !== 'waiting_store' && (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <OrderLines lines={order.details} totalWeight={order.total_weight} driverAmount={order.driver_amount} />
          </Paper>
          <Button variant="contained" size="large" fullWidth onClick={() => setConfirmComplete(true)} sx={{ py: 1.75, fontSize: '1.1rem' }}>
            {t('steps.complete')}
          </Button>
          {household && confirmComplete && (
            <HouseholdCompleteDialog order={order} onClose={() => setConfirmComplete(false)} onComplete={(next) => run(next, () => setConfirmComplete(false))} />
          )}
          <ConfirmDialog
            open={confirmComplete && !household}
            title={t('complete.confirmTitle')}
            text={t('complete.confirmText', { weight: formatWeight(order.total_weight), amount: formatCurrency(order.driver_amount) })}
            confirmLabel={t('steps.complete')}
            busy={busyWith('complete')}
            onClose={() => setConfirmComplete(false)}
            onConfirm={() =>
              void run({ kind: 'complete' }, () => setConfirmComplete(false)).catch((error: unknown) => {
                setConfirmComplete(false);
                notifyStepError(error);
              })
            }
          />
        </>
      )}

      {(mine && PHOTO_STATUSES.includes(order.status)) || order.images.length > 0 || waitingPhotos > 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <OrderPhotos
            orderId={order.id}
            images={order.images}
            canUpload={mine && PHOTO_STATUSES.includes(order.status)}
            canRemove={mine && PHOTO_REMOVAL_STATUSES.includes(order.status)}
            reload={reload}
          />
        </Paper>
      ) : null}

      {actions.includes('waiting_store') ? (
        <WeighingForm
          order={order}
          hasPhotos={order.images.length + waitingPhotos > 0}
          photoRequired={orderRules.data?.value.weighing_photo_required ?? true}
          busy={busyWith('waiting_store')}
          onSubmit={(body) => run({ kind: 'waiting_store', body })}
        />
      ) : (
        !actions.includes('complete') && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
              {t('detail.lines')}
            </Typography>
            <OrderLines lines={order.details} totalWeight={order.total_weight} driverAmount={order.driver_amount} />
          </Paper>
        )
      )}

      {actions.includes('issue') && (
        <Button color="error" variant="outlined" size="large" startIcon={<ReportProblemOutlinedIcon />} onClick={() => setIssueOpen(true)}>
          {t('steps.issue')}
        </Button>
      )}

      {/* A pickup known only from a cached list (opened offline) has no history on the phone. */}
      {order.events.length > 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <OrderHistory events={order.events} />
        </Paper>
      )}

      <IssueDialog
        open={issueOpen}
        busy={busyWith('issue')}
        onClose={() => setIssueOpen(false)}
        onSubmit={(reason) =>
          run({ kind: 'issue', body: { reason } }, () => {
            setIssueOpen(false);
            notify.info(t('issue.done'));
          })
        }
      />
    </Stack>
  );
}
