import { useId, useState } from 'react';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { session, useSession } from '@/lib/session';
import { LanguageMenuItem } from './member-language';
import { forgetPushDevice } from './push-device-sync';

/** The account button of the top bar: who is signed in, and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  if (!user) return null;
  const close = () => setAnchor(null);
  const signOut = () => {
    close();
    // This phone stops getting the member's pushes; the API is told with the token held now
    // (the session is gone before the browser answers). Not awaited: it never delays the sign-out.
    void forgetPushDevice(session.getState().tokens?.accessToken ?? null);
    // The section guard sees the session end and goes to sign-in.
    void session.signOut('user');
  };
  return (
    <>
      {/* A plain title, not MUI's Tooltip: see notifications-bell.tsx (decision 057). */}
      <IconButton
        title={t('topBar.userMenu')}
        id={buttonId}
        color="inherit"
        aria-label={t('topBar.userMenu')}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleOutlinedIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <Typography component="div" sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {t('topBar.signedInAs', { name: user.name || user.loginId })}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.loginId}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('topBar.role', { role: t(`sections.${user.role}`) })}
          </Typography>
        </Typography>
        <Divider />
        <LanguageMenuItem onDone={close} />
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topBar.signOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
