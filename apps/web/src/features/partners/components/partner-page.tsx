import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '@/components/page/page';
import { paths, type AppPath } from '@/config/paths';
import { useStore, useVendor } from '@/data/partners';
import { NS } from '../i18n';
import { MissingId, useIdParam } from './id-param';

/** The partner whose records a page lists, and where its own page is. */
type Parent = 'vendor' | 'store';

const PARENT_HREF: Record<Parent, (id: number) => string> = {
  vendor: (id) => paths.admin.vendorsStore.getHref({ id }),
  store: (id) => paths.vendor.storeStoreInfo.getHref({ id }),
};

/** The parent's name once loaded; nothing is asked for without a parent or an id. */
function useParentName(parent: Parent | undefined, id: number | null): string | undefined {
  // Id 0 asks for nothing.
  const vendor = useVendor(parent === 'vendor' ? (id ?? 0) : 0);
  const store = useStore(parent === 'store' ? id : null);
  return parent === 'vendor' ? vendor.data?.company_name : store.data?.name;
}

export interface PartnerPageProps {
  path: AppPath;
  /** The list the page is opened from: where a page without a usable ?id= sends back to. */
  listHref: string;
  /**
   * A page of one vendor's or store's records (?id= is the parent's): its name under the
   * title, and the back button leads to its page, under its name.
   */
  parent?: Parent;
  children: (id: number) => ReactNode;
}

/** A partner page that takes its record from ?id=, with a back button, or says the id is missing. */
export function PartnerPage({ path, listHref, parent, children }: PartnerPageProps) {
  const { t } = useTranslation(['pages', NS, 'common']);
  const id = useIdParam();
  const parentName = useParentName(parent, id);
  const back = (href: string, label: string) => (
    <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={href}>
      {label}
    </Button>
  );
  const backToList = t(`${NS}:common.backToList`);
  return (
    <Page
      title={t(path.titleKey)}
      subtitle={parent && id !== null ? parentName : undefined}
      actions={parent ? id !== null && back(PARENT_HREF[parent](id), parentName ?? backToList) : back(listHref, backToList)}
    >
      {id === null ? <MissingId backHref={listHref} /> : children(id)}
    </Page>
  );
}
