import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatOrderNumber, formatWeight } from '@app/shared/format';
import { useOrderStatusLabel } from '@/components/status/order-status-chip';
import { useMaterials, useMaterialName } from '@/data/catalog';
import { useOnline } from '@/lib/network-status';
import { useObjectUrl } from '@/lib/use-object-url';
import { driverOutbox, useDriverOutbox } from '../outbox/driver-outbox-instance';
import type { OutboxEntry } from '../outbox/outbox-types';
import { refusalText } from '../utils/refusal-text';
import { ConfirmDialog } from './confirm-dialog';

function KeptPhoto({ blob, label }: { blob: Blob; label: string }) {
  const src = useObjectUrl(blob);
  return src ? <Box component="img" src={src} alt={label} sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }} /> : null;
}

/** What a refused action holds, so the driver can re-enter it before discarding it. */
function KeptData({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('driver');
  const materials = useMaterials();
  const nameOf = useMaterialName();
  const nameOfId = (id: number) => {
    const material = materials.data?.find((m) => m.id === id);
    return material ? nameOf(material) : `#${id}`;
  };
  const { step } = entry;
  if (step.kind === 'photo') return <KeptPhoto blob={step.blob} label={t('outbox.keptPhoto')} />;
  if (step.kind === 'waiting_store') {
    return (
      <Box>
        <Typography variant="body2">{t('outbox.keptWeights')}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {step.body.details.map((line, index) => (
            <li key={index}>
              {nameOfId(line.material_id)}: {formatWeight(Number(line.weight))}
            </li>
          ))}
        </Box>
      </Box>
    );
  }
  if (step.kind === 'issue') return <Typography variant="body2">{t('outbox.keptReason', { reason: step.body.reason })}</Typography>;
  return null;
}

/** Beside an order's status: what shows is this phone's, not the server's yet. */
export function WaitingChip() {
  const { t } = useTranslation('driver');
  return <Chip size="small" variant="outlined" color="warning" icon={<CloudUploadOutlinedIcon />} label={t('outbox.waitingChip')} data-testid="waiting-chip" />;
}

/**
 * The driver's outbox on screen: how many actions wait to be sent (and why), the upload
 * progress of photos, and every action the server refused, with what it holds, until the
 * driver discards it. `orderId` narrows it to one pickup.
 */
export function OutboxPanel({ orderId }: { orderId?: number }) {
  const { t } = useTranslation('driver');
  const online = useOnline();
  const statusLabel = useOrderStatusLabel();
  const outbox = useDriverOutbox();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const mine = outbox.entries.filter((entry) => orderId === undefined || entry.orderId === orderId);
  const waiting = mine.filter((entry) => !entry.refusal);
  const refused = mine.filter((entry) => entry.refusal);
  // A try that got no answer has set when the next one is due.
  const nextTry = outbox.sending ? null : (waiting.find((entry) => entry.attempts > 0)?.nextAttemptAt ?? null);
  const stepName = (entry: OutboxEntry) => (entry.step.kind === 'photo' ? t('outbox.photo') : t(`steps.${entry.step.kind}`));

  if (mine.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {waiting.length > 0 && (
        <Alert
          severity={online ? 'info' : 'warning'}
          icon={<CloudUploadOutlinedIcon />}
          role="status"
          data-testid="outbox-waiting"
          action={
            online && nextTry !== null ? (
              <Button color="inherit" size="small" onClick={() => void driverOutbox.retryNow()}>
                {t('outbox.tryNow')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{t('outbox.waiting', { count: waiting.length })}</AlertTitle>
          {!online ? t('outbox.offlineHint') : nextTry !== null ? t('outbox.retryHint', { time: formatDateTime(nextTry) }) : t('outbox.sending')}
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {waiting.map((entry) => {
              const progress = outbox.progress.get(entry.seq);
              return (
                <li key={entry.seq} data-testid="outbox-entry">
                  {formatOrderNumber(entry.orderId)} · {stepName(entry)}
                  {entry.step.kind !== 'photo' && <KeptData entry={entry} />}
                  {progress !== undefined && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('outbox.uploading', { step: stepName(entry) })} sx={{ mt: 0.5 }} />}
                </li>
              );
            })}
          </Box>
        </Alert>
      )}
      {refused.map((entry) => (
        <Alert
          key={entry.seq}
          severity="error"
          role="alert"
          data-testid="outbox-refused"
          action={
            <Button color="inherit" size="small" onClick={() => setDiscarding(entry)}>
              {t('outbox.discard')}
            </Button>
          }
        >
          <AlertTitle>{t('outbox.refusedTitle', { number: formatOrderNumber(entry.orderId), step: stepName(entry) })}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {entry.refusal ? refusalText(entry.refusal, t, statusLabel) : null}
          </Typography>
          <KeptData entry={entry} />
        </Alert>
      ))}
      <ConfirmDialog
        open={discarding !== null}
        title={t('outbox.discardTitle')}
        text={t('outbox.discardText', { number: discarding ? formatOrderNumber(discarding.orderId) : '', step: discarding ? stepName(discarding) : '' })}
        confirmLabel={t('outbox.discard')}
        onClose={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void driverOutbox.discard(discarding.seq);
          setDiscarding(null);
        }}
      />
    </Stack>
  );
}
