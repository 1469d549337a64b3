import { useState } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@app/shared/format';
import type { OrderImage } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { ordersEn } from '../locales/en';
import { Lightbox } from './order-gallery';
import { OrderPhoto } from './order-photo';

addTranslations('orders', ordersEn);

/**
 * An order's photos as a row of thumbnails that enlarge in place: for the store, whose
 * section has no photos page, so that it sees the load it is asked to confirm.
 */
export function OrderPhotoStrip({ orderId, images }: { orderId: number; images: OrderImage[] }) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return <Typography color="text.secondary">{t('detail.noPhotos')}</Typography>;
  return (
    <>
      <Stack component="ul" direction="row" spacing={1.5} data-testid="order-photos" sx={{ overflowX: 'auto', pb: 1, listStyle: 'none', p: 0, m: 0 }}>
        {images.map((image, index) => (
          <li key={image.id}>
            <ButtonBase
              onClick={() => setOpen(index)}
              aria-label={t('images.open', { n: index + 1 })}
              sx={{ width: 112, height: 112, flexShrink: 0, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}
            >
              <OrderPhoto orderId={orderId} imageId={image.id} alt={t('images.takenAt', { n: index + 1, total: images.length, time: formatDateTime(image.created_at) })} />
            </ButtonBase>
          </li>
        ))}
      </Stack>
      {open !== null && <Lightbox orderId={orderId} images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}
