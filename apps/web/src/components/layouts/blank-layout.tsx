import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { KeptDataNotice } from './kept-data-notice';
import { OfflineNotice } from './offline-notice';

/** The "blank" layout: the page alone (photos, printing). */
export function BlankLayout() {
  return (
    <Box component="main" sx={{ p: { xs: 1, sm: 2 } }}>
      <OfflineNotice />
      <KeptDataNotice />
      <Outlet />
    </Box>
  );
}
