import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import type { Notification } from '@app/shared/schemas/escalations';
import type { Role } from '@app/shared/constants';
import { paths, safeRedirect, type AppPath } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useUnreadNotifications } from '@/data/settings';
import { NS } from '../i18n';
import { translateServerMessage } from '@/lib/server-messages';

// A household has no notifications page (design.md section 21): its bell shows the unread ones only.
const ALL_NOTIFICATIONS: Partial<Record<Role, AppPath>> = {
  admin: paths.admin.settingsNotification,
  store: paths.store.settingsNotification,
  vendor: paths.vendor.settingsNotification,
  driver: paths.driver.settingsNotification,
};

/**
 * A self-contained bell for the top bar: the unread count (polled every minute), the newest
 * unread notifications in a popover, open one (marks it read), mark all read, see all.
 * Needs a QueryClientProvider above it (the section layouts have one).
 */
export function NotificationsBell() {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const unread = useUnreadNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = unread.data?.total ?? unread.data?.items.length ?? 0;
  const items = unread.data?.items ?? [];
  const allPath = user ? (ALL_NOTIFICATIONS[user.role] ?? null) : null;
  const open = (n: Notification) => {
    markRead.mutate(n.id);
    setAnchor(null);
    const target = safeRedirect(n.link);
    if (target) void navigate(target);
  };
  const label = count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell');
  return (
    <>
      {/* A plain title, not MUI's Tooltip, as beside it in the top bar: the Tooltip's ref sets state while React commits, which re-renders at once and runs every waiting effect (the page's requests) in the first commit's task (decision 057). */}
      <IconButton title={label} color="inherit" aria-label={label} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
        <Badge color="error" badgeContent={count} max={99}>
          <NotificationsNoneOutlinedIcon />
        </Badge>
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' }, role: 'dialog', 'aria-label': t('notifications.heading') } as object }}
      >
        {/* In flow and free to wrap: a long "Mark all read" (Hindi) never lies over the heading. */}
        <Stack direction="row" useFlexGap sx={{ px: 2, py: 1.5, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t('notifications.heading')}
          </Typography>
          {count > 0 && (
            <Button size="small" loading={markAll.isPending} onClick={() => markAll.mutate()}>
              {t('notifications.markAllRead')}
            </Button>
          )}
        </Stack>
        <Divider />
        {items.length === 0 ? (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">{t('notifications.emptyUnread')}</Typography>
          </Box>
        ) : (
          <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto' }}>
            {items.map((n) => (
              <ListItemButton key={n.id} onClick={() => open(n)} divider>
                <ListItemText
                  primary={translateServerMessage(n.title)}
                  secondary={`${translateServerMessage(n.body)} · ${formatDateTime(n.created_at)}`}
                  slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {allPath && (
          <>
            <Divider />
            <Box sx={{ p: 1, textAlign: 'center' }}>
              <Button component={RouterLink} to={allPath.getHref()} onClick={() => setAnchor(null)} size="small">
                {t('notifications.seeAll')}
              </Button>
            </Box>
          </>
        )}
      </Popover>
    </>
  );
}
