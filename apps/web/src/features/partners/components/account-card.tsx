import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PartnerMember } from '@app/shared/schemas/partners';
import { NS } from '../i18n';
import { DetailItem } from './details-card';
import { ApprovalChip } from './list-parts';

/** The sign-in account behind a vendor, store or driver. */
export function AccountCard({ member }: { member: PartnerMember | null }) {
  const { t } = useTranslation(NS);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {t('vendorDetail.account')}
      </Typography>
      {member ? (
        <Stack spacing={1.5}>
          <DetailItem label={t('fields.contactName')}>{member.name}</DetailItem>
          <DetailItem label={t('fields.loginId')}>{member.login_id}</DetailItem>
          <DetailItem label={t('fields.phone')}>{member.phone ?? t('common.notGiven')}</DetailItem>
          <Box>
            <ApprovalChip status={member.approval_status} />
            {member.rejection_reason && (
              <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                {t('vendorDetail.rejectedBecause', { reason: member.rejection_reason })}
              </Typography>
            )}
          </Box>
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('vendorDetail.noAccount')}</Typography>
      )}
    </Paper>
  );
}
