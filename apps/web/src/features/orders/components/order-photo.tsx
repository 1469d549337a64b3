import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import { useTranslation } from 'react-i18next';
import { addTranslations } from '@/lib/i18n';
import { useObjectUrl } from '@/lib/use-object-url';
import { orderImageUrl, useOrderImage } from '@/data/order-photos';
import { ordersEn } from '../locales/en';

addTranslations('orders', ordersEn);

/**
 * One photo of an order. The image route needs the bearer header, so the photo is fetched
 * as a blob through the API client and shown through an object URL.
 */
export function OrderPhoto({ orderId, imageId, alt, fit = 'cover', height }: { orderId: number; imageId: number; alt: string; fit?: 'cover' | 'contain'; height?: number | string }) {
  const { t } = useTranslation('orders');
  const image = useOrderImage(orderImageUrl(orderId, imageId));
  const url = useObjectUrl(image.data);
  if (image.isError) {
    return (
      <Box role="img" aria-label={t('images.failed')} sx={{ height: height ?? '100%', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
        <ImageNotSupportedOutlinedIcon />
      </Box>
    );
  }
  if (!url) return <Skeleton variant="rectangular" sx={{ width: '100%', height: height ?? '100%' }} />;
  return <Box component="img" src={url} alt={alt} sx={{ display: 'block', width: '100%', height: height ?? '100%', objectFit: fit }} />;
}
