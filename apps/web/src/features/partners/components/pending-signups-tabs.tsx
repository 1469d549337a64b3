import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePendingMembers, type SignupRole } from '@/data/members';
import { TabBar } from '@/components/tabs/tab-bar';
import { NS } from '../i18n';
import { PendingSignups } from './pending-signups';

/** Store and vendor sign-ups waiting for approval, one tab each. */
export function PendingSignupsTabs({ initialRole }: { initialRole: SignupRole }) {
  const { t } = useTranslation(NS);
  const [role, setRole] = useState<SignupRole>(initialRole);
  const stores = usePendingMembers('store');
  const vendors = usePendingMembers('vendor');
  const count = (q: typeof stores) => q.data?.pages[0]?.total ?? 0;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('pending.intro')}
      </Typography>
      <TabBar
        value={role}
        onChange={setRole}
        items={[
          { value: 'store', label: <Badge color="warning" badgeContent={count(stores)} sx={{ pr: 1.5 }}>{t('pending.tabStores')}</Badge> },
          { value: 'vendor', label: <Badge color="warning" badgeContent={count(vendors)} sx={{ pr: 1.5 }}>{t('pending.tabVendors')}</Badge> },
        ]}
        sx={{ mb: 2 }}
      />
      <PendingSignups key={role} role={role} />
    </Box>
  );
}
