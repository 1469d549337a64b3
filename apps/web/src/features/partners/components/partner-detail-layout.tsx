import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PartnerMember } from '@app/shared/schemas/partners';
import { AccountCard } from './account-card';
import { StatCards, type Stat } from './stat-cards';

export interface PartnerDetailLayoutProps {
  /** The partner's name, and a line under it. */
  heading?: { title: string; subtitle?: string };
  /** Its numbers, in one row from a tablet up. */
  stats?: readonly Stat[];
  /** The editable details card, beside the sign-in account. */
  details: ReactNode;
  member: PartnerMember | null;
  /** Below the details (a vendor's stores). */
  children?: ReactNode;
}

/** The page of one vendor, store or driver: name, numbers, details beside the account, then anything more. */
export function PartnerDetailLayout({ heading, stats, details, member, children }: PartnerDetailLayoutProps) {
  return (
    <Stack spacing={2}>
      {heading && (
        <Box>
          <Typography variant="h2" component="p">
            {heading.title}
          </Typography>
          {heading.subtitle && <Typography color="text.secondary">{heading.subtitle}</Typography>}
        </Box>
      )}
      {stats && <StatCards stats={stats} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>{details}</Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <AccountCard member={member} />
        </Grid>
      </Grid>
      {children}
    </Stack>
  );
}
