import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@app/shared/format';
import type { QueryValue } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { list as listEn } from '@/locales/en/list';
import { downloadCsv, type ExportProgress } from '@/data/csv-export';

addTranslations('list', listEn);

export interface ExportButtonProps {
  /** The export's path (`/orders/export.csv`). */
  path: string;
  /** The list's filters and sort, as the list itself sends them. */
  query: Record<string, QueryValue>;
  /** `orders` gives `orders-2026-11-23.csv` when the answer names no file. */
  fileStem: string;
  /** Injected by tests; the real download otherwise. */
  download?: typeof downloadCsv;
}

/** "Export CSV", then a progress bar of rows received out of the total, and a Stop button. */
export function ExportButton({ path, query, fileStem, download = downloadCsv }: ExportButtonProps) {
  const { t } = useTranslation('list');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ rows: 0, total: null, estimated: false });
    try {
      const { rows } = await download(path, { query, fileName: `${fileStem}-${new Date().toISOString().slice(0, 10)}.csv`, onProgress: setProgress, signal: controller.signal });
      notify.success(t('export.done', { count: rows }));
    } catch (error) {
      if (!controller.signal.aborted) notify.error(t('export.failed', { detail: error instanceof ApiError ? error.detail : String(error) }));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  if (!progress) {
    return (
      <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void run()}>
        {t('export.button')}
      </Button>
    );
  }
  const known = progress.total !== null && progress.total > 0;
  const label = known
    ? t('export.progress', { rows: formatCount(progress.rows), total: formatCount(progress.total ?? 0, progress.estimated) })
    : t('export.progressUnknown', { rows: formatCount(progress.rows) });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 220 }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="caption" color="text.secondary" aria-live="polite">
          {label}
        </Typography>
        <LinearProgress
          variant={known ? 'determinate' : 'indeterminate'}
          value={known ? Math.min(100, (progress.rows / (progress.total ?? 1)) * 100) : undefined}
          aria-label={label}
        />
      </Box>
      <Tooltip title={t('export.cancel')}>
        <IconButton size="small" aria-label={t('export.cancel')} onClick={() => abort.current?.abort()}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
