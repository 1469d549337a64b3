import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { missingCompanyDetails } from '@app/shared/company-details';
import { paths } from '@/config/paths';
import { invoiceWaitsQuery, settingQuery } from '@/data/settings';
import { joinList } from '@/lib/join-list';

// Company information changes rarely, and a save through Settings -> Information replaces the
// cached answer at once: kept fresh for a while, the banner costs no request per page.
const FRESH_MS = 5 * 60_000;
// How long the page under the warning waits for the company's information before it shows
// anyway (a request that hangs must not hide the page).
export const COMPANY_INFO_WAIT_MS = 3_000;

const useCompanyInformation = () => useQuery({ ...settingQuery('information'), staleTime: FRESH_MS });

/**
 * The admin's warning while Settings -> Information lacks the company's name, address, state
 * or GSTIN, which every invoice names (design.md section 16); nothing once all are set.
 */
export function CompanyInfoNotice() {
  const { t, i18n } = useTranslation();
  const { data } = useCompanyInformation();
  const missing = data ? missingCompanyDetails(data.value) : [];
  // Asked only while something is missing: then completed orders may be waiting for it.
  const waits = useQuery({ ...invoiceWaitsQuery(), enabled: missing.length > 0 });
  if (missing.length === 0) return null;
  const details = joinList(
    missing.map((detail) => t(`companyInfo.details.${detail}`)),
    i18n.language,
  );
  return (
    <Alert
      severity="warning"
      // A standing state of the page, not an interruption: `status`, like the offline notice.
      role="status"
      data-testid="company-info-notice"
      sx={{ mb: 2, displayPrint: 'none' }}
      action={
        <Button component={RouterLink} to={paths.admin.settingsInformation.getHref()} color="inherit" size="small">
          {t('companyInfo.open')}
        </Button>
      }
    >
      {t('companyInfo.missing', { details })}
      {waits.data && waits.data.count > 0 ? ` ${t('companyInfo.waiting', { count: waits.data.count })}` : null}
    </Alert>
  );
}

/**
 * The admin's page under the warning: laid out at once (its requests start with the
 * warning's), shown once the company's information is known, so that a warning arriving
 * then moves nothing on screen (design.md section 15: nothing shifts when data arrives).
 * Shown anyway when that answer fails or takes longer than COMPANY_INFO_WAIT_MS.
 */
export function BelowCompanyInfoNotice({ children }: { children: ReactNode }) {
  const { status } = useCompanyInformation();
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(() => setWaitedEnough(true), COMPANY_INFO_WAIT_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const waiting = status === 'pending' && !waitedEnough;
  return (
    <Box data-testid="below-company-info" sx={waiting ? { visibility: 'hidden' } : undefined} aria-busy={waiting || undefined}>
      {children}
    </Box>
  );
}
