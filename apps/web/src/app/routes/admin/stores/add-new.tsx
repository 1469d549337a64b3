import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { StoreForm } from '@/features/partners/components/store-form';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  const navigate = useNavigate();
  const toList = () => void navigate(paths.admin.stores.getHref());
  return (
    <Page title={t(paths.admin.storesAddNew.titleKey)} maxWidth={860}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <StoreForm chooseVendor onCreated={toList} onCancel={toList} />
      </Paper>
    </Page>
  );
}
