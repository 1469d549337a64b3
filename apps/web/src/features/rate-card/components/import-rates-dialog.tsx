import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { useImportRateCard } from '@/data/rate-card';
import { problemsOf } from '../utils/import-problems';

/** CSV import: choose a file, upload; a success summary, or every problem with its line. */
export function ImportRatesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('rateCard');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportRateCard();
  const error = upload.error instanceof ApiError ? upload.error : null;
  const problems = error ? problemsOf(error) : [];

  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="import-title">
      <DialogTitle id="import-title">{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('import.intro')}</Typography>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t('import.choose')}
            data-testid="rate-import-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
              {t('import.choose')}
            </Button>
            {file && <Typography sx={{ wordBreak: 'break-all' }}>{t('import.chosen', { name: file.name })}</Typography>}
          </Stack>
          {upload.isSuccess && (
            <Alert severity="success" role="status">
              {t('import.success', { count: upload.data.rows, changed: t('import.ratesChanged', { count: upload.data.updated }) })}
            </Alert>
          )}
          {upload.isError && (
            <Alert severity="error" role="alert">
              <AlertTitle>{error?.status === 400 ? t('import.problemsTitle') : error?.detail}</AlertTitle>
              {error?.status === 400 && (
                <>
                  <Typography variant="body2">{error.detail}</Typography>
                  {problems.length > 0 && (
                    <>
                      <Typography variant="body2" sx={{ mt: 1 }}>
                        {t('import.problemsIntro')}
                      </Typography>
                      <List dense disablePadding aria-label={t('import.problemsIntro')} sx={{ listStyle: 'disc', pl: 2.5 }}>
                        {problems.map((p, i) => (
                          <ListItem key={i} disableGutters sx={{ display: 'list-item', py: 0 }}>
                            {p.line !== null ? t('import.problem', { line: p.line, message: p.message }) : t('import.other', { field: p.key, message: p.message })}
                          </ListItem>
                        ))}
                      </List>
                    </>
                  )}
                </>
              )}
              {!error && String(upload.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {t('actions.close')}
        </Button>
        <Button variant="contained" disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
          {t('import.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
