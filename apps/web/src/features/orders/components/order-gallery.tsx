import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatOrderNumber } from '@app/shared/format';
import type { OrderImage } from '@app/shared/schemas/orders';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { addTranslations } from '@/lib/i18n';
import { useOrder } from '@/data/orders';
import { ordersEn } from '../locales/en';
import { OrderPhoto } from './order-photo';
import { OrderStatusChip } from '@/components/status/order-status-chip';

addTranslations('orders', ordersEn);

/** The photos of one order in a grid; a click enlarges one, with previous/next. */
export function OrderGallery({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  const [open, setOpen] = useState<number | null>(null);

  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  if (order.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={160} />
        ))}
      </Box>
    );
  }
  const images = order.data.images;
  const current = open === null ? null : (images[open] ?? null);

  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h2">{t('images.title', { number: formatOrderNumber(orderId) })}</Typography>
        <OrderStatusChip status={order.data.status} />
      </Stack>
      {images.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState icon={<PhotoCameraOutlinedIcon fontSize="inherit" />} title={t('images.empty')} description={t('images.emptyHint')} />
        </Paper>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(45%, 200px), 1fr))' }}>
          {images.map((image, index) => (
            <li key={image.id}>
              <ButtonBase
                onClick={() => setOpen(index)}
                aria-label={t('images.open', { n: index + 1 })}
                sx={{ display: 'block', width: '100%', aspectRatio: '1', borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}
              >
                <OrderPhoto orderId={orderId} imageId={image.id} alt={t('images.takenAt', { n: index + 1, total: images.length, time: formatDateTime(image.created_at) })} />
              </ButtonBase>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(image.created_at)}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {current && open !== null && (
        <Lightbox orderId={orderId} images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </Box>
  );
}

export function Lightbox({ orderId, images, index, onIndex, onClose }: { orderId: number; images: OrderImage[]; index: number; onIndex: (i: number) => void; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const image = images[index];
  if (!image) return null;
  const label = t('images.takenAt', { n: index + 1, total: images.length, time: formatDateTime(image.created_at) });
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="photo-title"
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft' && index > 0) onIndex(index - 1);
        if (event.key === 'ArrowRight' && index < images.length - 1) onIndex(index + 1);
      }}
    >
      <DialogTitle id="photo-title" sx={{ pr: 7 }}>
        {label}
      </DialogTitle>
      <IconButton aria-label={t('images.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ position: 'relative', p: 0, bgcolor: 'common.black' }}>
        <OrderPhoto key={image.id} orderId={orderId} imageId={image.id} alt={label} fit="contain" height="75vh" />
        <IconButton
          aria-label={t('images.prev')}
          disabled={index === 0}
          onClick={() => onIndex(index - 1)}
          sx={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={t('images.next')}
          disabled={index >= images.length - 1}
          onClick={() => onIndex(index + 1)}
          sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)', bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
        >
          <ChevronRightIcon />
        </IconButton>
      </DialogContent>
    </Dialog>
  );
}
