import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@app/shared/constants';
import type { OrderImage } from '@app/shared/schemas/orders';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/network-status';
import { NotAnImageError, shrinkImage } from '@/lib/shrink-image';
import { useDeleteOrderImage, useOrderImage } from '@/data/order-photos';
import { useObjectUrl } from '@/lib/use-object-url';
import { driverOutbox, useDriverOutbox } from '../outbox/driver-outbox-instance';
import type { OutboxEntry } from '../outbox/outbox-types';
import { useDriverStep } from '../outbox/use-driver-step';
import { notifyStepError } from '../utils/transition-errors';
import { ConfirmDialog } from './confirm-dialog';

const SIZE = { width: 96, height: 96, borderRadius: 1 };

/** A thumbnail with an optional remove button in its corner. */
function Frame({ children, removeLabel, onRemove, testId }: { children: React.ReactNode; removeLabel?: string; onRemove?: () => void; testId: string }) {
  return (
    <Box sx={{ position: 'relative', ...SIZE }} data-testid={testId}>
      {children}
      {onRemove && (
        <IconButton
          size="small"
          aria-label={removeLabel}
          onClick={onRemove}
          sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

function Thumbnail({ image, index, onRemove }: { image: OrderImage; index: number; onRemove?: () => void }) {
  const { t } = useTranslation('driver');
  const blob = useOrderImage(image.url);
  const src = useObjectUrl(blob.data);
  const label = t('photos.photoAlt', { n: index + 1 });
  return (
    <Frame testId="order-photo" removeLabel={t('photos.remove', { n: index + 1 })} onRemove={onRemove}>
      {blob.isError ? (
        <Box sx={{ ...SIZE, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
          <BrokenImageOutlinedIcon aria-label={label} />
        </Box>
      ) : !src ? (
        <Skeleton variant="rounded" sx={SIZE} />
      ) : (
        <Box component="a" href={src} target="_blank" rel="noreferrer" sx={{ display: 'block', ...SIZE, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <Box component="img" src={src} alt={label} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        </Box>
      )}
    </Frame>
  );
}

/** A photo still on the phone: waiting to be sent, or being sent (with its progress). */
function WaitingPhoto({ entry, index, progress, onRemove }: { entry: OutboxEntry; index: number; progress: number | undefined; onRemove?: () => void }) {
  const { t } = useTranslation('driver');
  const src = useObjectUrl(entry.step.kind === 'photo' ? entry.step.blob : undefined);
  const label = t('photos.waitingAlt', { n: index + 1 });
  return (
    <Frame testId="waiting-photo" removeLabel={t('photos.remove', { n: index + 1 })} onRemove={progress === undefined ? onRemove : undefined}>
      {src && <Box component="img" src={src} alt={label} sx={{ ...SIZE, objectFit: 'cover', opacity: 0.7, border: 1, borderColor: 'divider' }} />}
      <Box sx={{ position: 'absolute', left: 4, right: 4, bottom: 4 }}>
        {progress === undefined ? (
          <CloudUploadOutlinedIcon fontSize="small" sx={{ color: 'common.white', filter: 'drop-shadow(0 0 2px rgba(0,0,0,.8))' }} aria-label={t('photos.waiting')} />
        ) : (
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('photos.uploadingN', { n: index + 1 })} />
        )}
      </Box>
    </Frame>
  );
}

export interface OrderPhotosProps {
  orderId: number;
  images: OrderImage[];
  /** Photos may be added (the driver holds the order, before the store's check is over). */
  canUpload: boolean;
  /** The driver may remove photos (its order, the weighed lines not submitted yet). */
  canRemove: boolean;
  reload: () => void;
}

/**
 * Photos of the load: the ones on the server, the ones waiting on the phone, and (while
 * `canUpload`) the camera button. A photo is shrunk on the phone before it goes anywhere
 * (at most 1600 px, JPEG), then kept in the outbox and sent from there.
 */
export function OrderPhotos({ orderId, images, canUpload, canRemove, reload }: OrderPhotosProps) {
  const { t } = useTranslation('driver');
  const input = useRef<HTMLInputElement>(null);
  const online = useOnline();
  const outbox = useDriverOutbox();
  const step = useDriverStep();
  const remove = useDeleteOrderImage(orderId);
  const [removing, setRemoving] = useState<OrderImage | null>(null);
  const [preparing, setPreparing] = useState(0);
  const waiting = outbox.entries.filter((entry) => entry.orderId === orderId && entry.step.kind === 'photo' && !entry.refusal);

  const addOne = async (file: File) => {
    let blob: Blob;
    try {
      blob = await shrinkImage(file);
    } catch (error) {
      if (error instanceof NotAnImageError) notify.error(t('photos.wrongType', { name: file.name }));
      else notify.error(t('photos.unreadable', { name: file.name }));
      return;
    }
    if (blob.size > IMAGE_MAX_BYTES) {
      notify.error(t('photos.tooLarge', { name: file.name }));
      return;
    }
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${blob.type === 'image/webp' ? 'webp' : blob.type === 'image/png' ? 'png' : 'jpg'}`;
    await step.run(orderId, { kind: 'photo', blob, name }, reload).catch(notifyStepError);
  };

  const onFiles = (files: FileList | null) => {
    if (!files) return;
    const chosen = Array.from(files);
    if (input.current) input.current.value = '';
    setPreparing((n) => n + chosen.length);
    // One at a time: a phone decoding several 12-megapixel photos at once runs out of memory.
    void chosen.reduce<Promise<void>>((previous, file) => previous.then(() => addOne(file)).finally(() => setPreparing((n) => n - 1)), Promise.resolve());
  };

  const empty = images.length === 0 && waiting.length === 0 && preparing === 0;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="photos-heading">
      <div>
        <Typography id="photos-heading" variant="h2" sx={{ fontSize: '1.15rem' }}>
          {t('photos.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {canUpload ? t('photos.hint') : t('photos.closed')}
        </Typography>
      </div>
      {empty ? (
        <Typography color="text.secondary">{t('photos.none')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="order-photos">
          {images.map((image, index) => (
            <Thumbnail key={image.id} image={image} index={index} onRemove={canRemove && online ? () => setRemoving(image) : undefined} />
          ))}
          {waiting.map((entry, index) => (
            <WaitingPhoto
              key={entry.seq}
              entry={entry}
              index={images.length + index}
              progress={outbox.progress.get(entry.seq)}
              onRemove={canRemove ? () => void driverOutbox.discard(entry.seq) : undefined}
            />
          ))}
          {preparing > 0 && <Skeleton variant="rounded" sx={SIZE} aria-label={t('photos.preparing')} />}
        </Box>
      )}
      {canUpload && (
        <>
          <input
            ref={input}
            id={`photo-input-${orderId}`}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            hidden
            onChange={(e) => onFiles(e.target.files)}
            aria-label={t('photos.add')}
          />
          <Button variant="outlined" size="large" startIcon={<AddAPhotoOutlinedIcon />} onClick={() => input.current?.click()} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
            {t('photos.add')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('photos.removeTitle')}
        text={t('photos.removeText')}
        confirmLabel={t('photos.removeConfirm')}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => notify.success(t('photos.removed')),
            onError: (error) => notify.error(error instanceof ApiError ? error.detail : String(error)),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Stack>
  );
}
