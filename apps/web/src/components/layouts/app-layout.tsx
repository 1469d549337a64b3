import type { ReactNode } from 'react';
import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import RecyclingIcon from '@mui/icons-material/Recycling';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import type { Role } from '@app/shared/constants';
import { START_PAGES } from '@/config/paths';
import { usePermanentDrawer } from '@/lib/device';
import { useRouteHandle } from '@/lib/route-handle';
import { ColorModeToggle } from './color-mode-toggle';
import { BelowCompanyInfoNotice, CompanyInfoNotice } from './company-info-notice';
import { KeptDataNotice } from './kept-data-notice';
import { NavList } from './nav-list';
import { OfflineNotice } from './offline-notice';
import { UserMenu } from './user-menu';

export const DRAWER_WIDTH = 264;

/**
 * The "default" layout: top bar (product, section and page, light/dark, account), the
 * section's navigation (a permanent drawer on desktops, a folding one on phones and
 * tablets), and the page.
 */
export function AppLayout({ section, topBarExtras }: { section: Role; topBarExtras?: ReactNode }) {
  const { t } = useTranslation(['common', 'pages']);
  const permanent = usePermanentDrawer();
  const [open, setOpen] = useState(false);
  const { titleKey } = useRouteHandle();
  const sectionName = t(`sections.${section}`);
  const pageTitle = titleKey ? t(titleKey) : '';

  const drawerContent = (
    <Box sx={{ width: DRAWER_WIDTH, pb: 2 }}>
      {permanent ? (
        // The permanent drawer sits under the app bar.
        <Toolbar />
      ) : (
        <Toolbar sx={{ gap: 1 }}>
          <RecyclingIcon color="primary" aria-hidden />
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
            {t('appName')}
          </Typography>
        </Toolbar>
      )}
      <Divider />
      <NavList section={section} onNavigate={permanent ? undefined : () => setOpen(false)} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: (theme) => theme.zIndex.tooltip,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper' },
        }}
      >
        {t('nav.skipToContent')}
      </Link>
      <AppBar position="fixed" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          {!permanent && (
            <IconButton color="inherit" edge="start" aria-label={t('nav.openMenu')} aria-expanded={open} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Stack
            component={RouterLink}
            to={START_PAGES[section].getHref()}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', color: 'inherit', textDecoration: 'none', display: { xs: 'none', sm: 'flex' } }}
          >
            <RecyclingIcon aria-hidden />
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {t('appName')}
            </Typography>
          </Stack>
          <Divider orientation="vertical" flexItem sx={{ mx: 1, my: 2, borderColor: 'currentColor', opacity: 0.4, display: { xs: 'none', sm: 'block' } }} />
          <Typography component="p" variant="subtitle1" noWrap sx={{ flexGrow: 1, minWidth: 0 }} data-testid="section-title">
            {/* Full white: faded, it fell below 4.5:1 on the green bar; the page title is set apart by weight. */}
            {/* On a phone the page's own name only: "Admin · Dashb…" said less than "Dashboard". */}
            <Box component="span" sx={pageTitle ? { display: { xs: 'none', sm: 'inline' } } : undefined}>
              {sectionName}
              {pageTitle && ' · '}
            </Box>
            {pageTitle && (
              <Box component="span" sx={{ fontWeight: 600 }}>
                {pageTitle}
              </Box>
            )}
          </Typography>
          {topBarExtras}
          <ColorModeToggle />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Box component="nav" aria-label={t('nav.label')} sx={{ width: permanent ? DRAWER_WIDTH : 0, flexShrink: 0 }}>
        {permanent ? (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            {drawerContent}
          </Drawer>
        ) : (
          // Not kept mounted: on a phone the closed menu's list would be half of the first render.
          <Drawer variant="temporary" open={open} onClose={() => setOpen(false)}>
            {drawerContent}
          </Drawer>
        )}
      </Box>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}>
        <Toolbar />
        <OfflineNotice />
        <KeptDataNotice belowAppBar />
        {section === 'admin' ? (
          <>
            <CompanyInfoNotice />
            <BelowCompanyInfoNotice>
              <Outlet />
            </BelowCompanyInfoNotice>
          </>
        ) : (
          <Outlet />
        )}
      </Box>
    </Box>
  );
}
