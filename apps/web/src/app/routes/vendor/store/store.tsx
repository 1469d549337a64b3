import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { StoreForm } from '@/features/partners/components/store-form';
import { StoresTable } from '@/features/partners/components/stores-table';
import { NS } from '@/features/partners/i18n';

// /Vendor/Store: the vendor's stores; a new one is added in a dialog (POST /stores/).
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  const [adding, setAdding] = useState(false);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
      {t(`${NS}:stores.add`)}
    </Button>
  );
  return (
    <Page title={t(paths.vendor.store.titleKey)} subtitle={t('vendor.store.summary', { defaultValue: '' }) || undefined} actions={addButton}>
      <StoresTable scope="vendor" emptyAction={addButton} />
      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="add-store-title">
        <DialogTitle id="add-store-title">{t(`${NS}:stores.add`)}</DialogTitle>
        <DialogContent>{adding && <StoreForm chooseVendor={false} onCreated={() => setAdding(false)} onCancel={() => setAdding(false)} />}</DialogContent>
      </Dialog>
    </Page>
  );
}
