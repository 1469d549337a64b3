import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@app/shared/constants';
import type { OrderImage } from '@app/shared/schemas/orders';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useOrderImage, useUploadOrderImage } from '@/data/order-photos';
import { useObjectUrl } from '@/lib/use-object-url';

function Thumbnail({ image, index }: { image: OrderImage; index: number }) {
  const { t } = useTranslation('driver');
  const blob = useOrderImage(image.url);
  const src = useObjectUrl(blob.data);
  const size = { width: 96, height: 96, borderRadius: 1 };
  if (blob.isError) {
    return (
      <Box sx={{ ...size, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}>
        <BrokenImageOutlinedIcon aria-label={t('photos.photoAlt', { n: index + 1 })} />
      </Box>
    );
  }
  if (!src) return <Skeleton variant="rounded" sx={size} />;
  return (
    <Box
      component="a"
      href={src}
      target="_blank"
      rel="noreferrer"
      sx={{ display: 'block', ...size, overflow: 'hidden', border: 1, borderColor: 'divider' }}
    >
      <Box component="img" src={src} alt={t('photos.photoAlt', { n: index + 1 })} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </Box>
  );
}

interface Upload {
  key: string;
  name: string;
  progress: number;
}

/** Photos of the load: thumbnails, and (while `canUpload`) the camera button with upload progress. */
export function OrderPhotos({ orderId, images, canUpload }: { orderId: number; images: OrderImage[]; canUpload: boolean }) {
  const { t } = useTranslation('driver');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadOrderImage(orderId);
  const [uploads, setUploads] = useState<Upload[]>([]);

  const onFiles = (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files)) {
      if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
        notify.error(t('photos.wrongType', { name: file.name }));
        continue;
      }
      if (file.size > IMAGE_MAX_BYTES) {
        notify.error(t('photos.tooLarge', { name: file.name }));
        continue;
      }
      const key = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
      setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
      upload.mutate(
        { file, onProgress: (progress) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))) },
        {
          onSuccess: () => notify.success(t('photos.uploaded')),
          onError: (error) => notify.error(error instanceof ApiError ? error.detail : String(error)),
          onSettled: () => setUploads((list) => list.filter((u) => u.key !== key)),
        },
      );
    }
    if (input.current) input.current.value = '';
  };

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
      {images.length === 0 && uploads.length === 0 ? (
        <Typography color="text.secondary">{t('photos.none')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="order-photos">
          {images.map((image, index) => (
            <Thumbnail key={image.id} image={image} index={index} />
          ))}
        </Box>
      )}
      {uploads.map((u) => (
        <Box key={u.key} role="status">
          <Typography variant="body2" noWrap>
            {t('photos.uploading', { name: u.name })}
          </Typography>
          <LinearProgress variant={u.progress > 0 ? 'determinate' : 'indeterminate'} value={Math.round(u.progress * 100)} aria-label={t('photos.uploading', { name: u.name })} />
        </Box>
      ))}
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
    </Stack>
  );
}
