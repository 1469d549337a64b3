import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { StoresTable } from '@/features/partners/components/stores-table';
import { NS } from '@/features/partners/i18n';

// /Admin/Stores (?unassigned=true opens the stores without a vendor: the list reads its URL).
export function Component() {
  const { t } = useTranslation(['pages', NS, 'common']);
  return (
    <Page
      title={t(paths.admin.stores.titleKey)}
      subtitle={t('admin.stores.summary', { defaultValue: '' }) || undefined}
      actions={
        <>
          <Button component={RouterLink} to={paths.admin.vendorsRejectStore.getHref()}>
            {t(`${NS}:pending.tabStores`)}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.admin.storesAddNew.getHref()}>
            {t(`${NS}:stores.add`)}
          </Button>
        </>
      }
    >
      <StoresTable scope="admin" />
    </Page>
  );
}
